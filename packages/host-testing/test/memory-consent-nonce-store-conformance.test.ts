import { MemoryConsentNonceStore } from '@xcap/broker';
import { runStoreConformance } from '../src/conformance.js';

// The consent nonce contract on the memory store of @xcap/broker; the data directory and PostgreSQL ones run the same
// section (packages/store-local/test/store-conformance.test.ts, packages/store-postgres/test/store-contract.test.ts).
const onlyNonces = 'MemoryConsentNonceStore is only a consent nonce store (the other memory stores have their own rules)';
runStoreConformance({
  name: 'MemoryConsentNonceStore',
  skip: [{ reason: onlyNonces, tests: ['grants', 'app files', 'audit', 'tokens'] }],
  open: async ({ now }) => {
    const consentNonces = new MemoryConsentNonceStore({ now });
    // One instance is its own storage: a second instance on it is the same object.
    return { consentNonces, another: async () => ({ consentNonces }), close: async () => undefined };
  },
});
