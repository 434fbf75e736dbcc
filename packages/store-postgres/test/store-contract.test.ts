import { runStoreConformance } from '@xcap/host-testing/conformance';
import { createPostgresStores, PostgresConsentNonceStore } from '../src/index.js';
import { dropSchema, freshSchema, serverUrl } from './support/open-stores.js';

// The same contract @xcap/host-node runs against its file stores (test/stores/store-conformance.test.ts).
runStoreConformance({
  name: 'PostgreSQL stores',
  open: async ({ quotaBytes, now }) => {
    const schema = freshSchema();
    const stores = await createPostgresStores(serverUrl(), { schema, quotaBytes });
    const others: { close(): Promise<void> }[] = [];
    return {
      grants: stores.grants,
      blobs: stores.blobs,
      audit: stores.audit,
      auditRows: () => stores.audit.query(),
      tokens: stores.tokens,
      consentNonces: new PostgresConsentNonceStore(stores.database, { now }),
      another: async () => {
        const other = await createPostgresStores(serverUrl(), { schema, quotaBytes });
        others.push(other);
        return { grants: other.grants, blobs: other.blobs, tokens: other.tokens, consentNonces: new PostgresConsentNonceStore(other.database, { now }) };
      },
      close: async () => {
        for (const other of others) await other.close();
        await stores.close();
        await dropSchema(schema);
      },
    };
  },
});
