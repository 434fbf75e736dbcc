import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runStoreConformance } from '@xcap/host-testing/conformance';
import { FileBlobStore, FileGrantStore, FileTokenStore, SqliteAuditSink, SqliteConsentNonceStore } from '../src/index.js';

// The same contract @xcap/store-postgres runs against its PostgreSQL stores.
runStoreConformance({
  name: 'file stores (consent.json, files/, audit.sqlite, tokens.json, consent-nonces.sqlite)',
  open: async ({ quotaBytes, now }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'xcap-store-contract-'));
    const audit = new SqliteAuditSink(path.join(dir, 'audit.sqlite'), { synchronous: 'normal' });
    const nonceFile = path.join(dir, 'consent-nonces.sqlite');
    const nonces: SqliteConsentNonceStore[] = [];
    const nonceStore = () => {
      const store = new SqliteConsentNonceStore(nonceFile, { now });
      nonces.push(store);
      return store;
    };
    return {
      grants: new FileGrantStore(path.join(dir, 'consent.json')),
      blobs: new FileBlobStore(path.join(dir, 'files'), { quotaBytes }),
      audit,
      auditRows: async () => audit.query(),
      tokens: new FileTokenStore(path.join(dir, 'tokens.json')),
      consentNonces: nonceStore(),
      another: async () => ({
        grants: new FileGrantStore(path.join(dir, 'consent.json')),
        blobs: new FileBlobStore(path.join(dir, 'files'), { quotaBytes }),
        tokens: new FileTokenStore(path.join(dir, 'tokens.json')),
        consentNonces: nonceStore(),
      }),
      close: async () => {
        audit.close();
        for (const store of nonces) store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});
