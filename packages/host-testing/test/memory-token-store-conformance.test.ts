import { MemoryTokenStore } from '@xcap/tokens';
import { runStoreConformance } from '../src/conformance.js';

// The token contract on the memory store of @xcap/tokens; the file and PostgreSQL ones run the same section
// (packages/host-node/test/stores/store-conformance.test.ts, packages/store-postgres/test/store-contract.test.ts).
const onlyTokens = 'MemoryTokenStore is only a token store (grants, files and audit have their own memory stores with other rules)';
runStoreConformance({
  name: 'MemoryTokenStore',
  skip: [{ reason: onlyTokens, tests: ['grants', 'app files', 'audit', 'consent nonces'] }],
  open: async () => {
    const tokens = new MemoryTokenStore();
    // One instance is its own storage: a second instance on it is the same object.
    return { tokens, another: async () => ({ tokens }), close: async () => undefined };
  },
});
