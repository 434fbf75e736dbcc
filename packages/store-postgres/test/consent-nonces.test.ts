import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStores, postgresMigrations, postgresSchemaVersion, tableNames } from '../src/index.js';
import { dropSchema, freshSchema, serverUrl } from './support/open-stores.js';

// The ConsentNonceStore contract is the `consent nonces` section of runStoreConformance (store-contract.test.ts);
// this is what only PostgreSQL's schema shows.
const schemas: string[] = [];
afterEach(async () => {
  for (const schema of schemas.splice(0)) await dropSchema(schema);
});

describe('consent nonces in PostgreSQL', () => {
  it('a database of schema version 2 migrates to the current one: its secrets kept, the nonce table added and used', async () => {
    const schema = freshSchema();
    schemas.push(schema);
    const names = tableNames(schema, 'xcap_');
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    try {
      // The database as @xcap/store-postgres of schema version 2 left it.
      await client.query(`CREATE SCHEMA ${names.schema}`);
      await client.query(`CREATE TABLE ${names.versions} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      for (const [i, step] of postgresMigrations.slice(0, 2).entries()) {
        await client.query(step(names));
        await client.query(`INSERT INTO ${names.versions} (version) VALUES ($1)`, [i + 1]);
      }
      await client.query(`INSERT INTO ${names.secrets} (name, value) VALUES ('consent-state', $1)`, [Buffer.alloc(32, 7)]);
    } finally {
      await client.end();
    }
    const stores = await createPostgresStores(serverUrl(), { schema });
    try {
      // Step 2 → 3 added the nonces; later steps (3 → 4: the audit's replayed column) run after it.
      expect(postgresSchemaVersion).toBe(5);
      expect(await stores.database.version()).toBe(postgresSchemaVersion);
      expect([...(await stores.sharedKey('consent-state'))]).toEqual(Array<number>(32).fill(7));
      const until = Date.now() + 60_000;
      expect(await stores.consentNonces.claim('nonce-0000000000000001', until)).toBe(true);
      expect(await stores.consentNonces.claim('nonce-0000000000000001', until)).toBe(false);
    } finally {
      await stores.close();
    }
  });
});
