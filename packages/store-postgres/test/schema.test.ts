import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStores, PostgresDatabase, PostgresSchemaError, postgresSchemaVersion } from '../src/index.js';
import { dropSchema, freshSchema, serverUrl } from './support/open-stores.js';
import { errorOf } from '@xcap/test-support';

let schemas: string[] = [];
let pools: pg.Pool[] = [];
afterEach(async () => {
  for (const pool of pools) await pool.end();
  for (const schema of schemas) await dropSchema(schema);
  pools = [];
  schemas = [];
});

function pool(): pg.Pool {
  const p = new pg.Pool({ connectionString: serverUrl(), max: 4 });
  pools.push(p);
  return p;
}

function schema(): string {
  const s = freshSchema();
  schemas.push(s);
  return s;
}

/** The tables of a schema, with their row counts, and its recorded versions. */
async function snapshot(p: pg.Pool, s: string): Promise<unknown> {
  const tables = await p.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [s]);
  const indexes = await p.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname', [s]);
  const counts: Record<string, string> = {};
  for (const { table_name } of tables.rows)
    counts[table_name] = (await p.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${s}"."${table_name}"`)).rows[0]?.n ?? '';
  return { counts, indexes: indexes.rows.map((r) => r.indexname) };
}

describe('schema and migrations', () => {
  it('creates the schema, its tables (prefixed) and the audit indexes, and records the version; a second migrate changes nothing', async () => {
    const p = pool();
    const s = schema();
    const db = new PostgresDatabase(p, { schema: s, tablePrefix: 'x1_' });
    expect(await db.version()).toBe(0);
    expect(await db.migrate()).toBe(0);
    expect(await db.version()).toBe(postgresSchemaVersion);
    const first = await snapshot(p, s);
    expect(first).toEqual({
      counts: {
        x1_audit: '0',
        x1_consent_nonces: '0',
        x1_console_presence: '0',
        x1_console_requests: '0',
        x1_files: '0',
        x1_grants: '0',
        x1_schema_versions: String(postgresSchemaVersion),
        x1_secrets: '0',
        x1_tokens: '0',
      },
      indexes: [
        'x1_audit_app',
        'x1_audit_at',
        'x1_audit_pkey',
        'x1_audit_status',
        'x1_audit_tool',
        'x1_consent_nonces_expires_at',
        'x1_consent_nonces_pkey',
        'x1_console_presence_pkey',
        'x1_console_requests_pkey',
        'x1_files_pkey',
        'x1_grants_pkey',
        'x1_schema_versions_pkey',
        'x1_secrets_pkey',
        'x1_tokens_pkey',
      ],
    });
    expect(await db.migrate()).toBe(postgresSchemaVersion);
    expect(await snapshot(p, s)).toEqual(first);
  });

  it('hosts opening a new database at once migrate it once', async () => {
    const s = schema();
    const all = await Promise.all(Array.from({ length: 4 }, () => createPostgresStores(serverUrl(), { schema: s })));
    for (const stores of all) await stores.close();
    const p = pool();
    expect((await p.query(`SELECT version FROM "${s}".xcap_schema_versions ORDER BY version`)).rows).toEqual(
      Array.from({ length: postgresSchemaVersion }, (_, i) => ({ version: i + 1 })),
    );
  });

  it('two prefixes in one schema keep separate stores', async () => {
    const s = schema();
    const a = await createPostgresStores(serverUrl(), { schema: s, tablePrefix: 'a_' });
    const b = await createPostgresStores(serverUrl(), { schema: s, tablePrefix: 'b_' });
    await a.grants.set('app', 'photos.read', 'granted');
    expect(await b.grants.get('app', 'photos.read')).toBeUndefined();
    await a.close();
    await b.close();
  });

  it('a database of a newer schema version is refused with a clear error and left untouched', async () => {
    const p = pool();
    const s = schema();
    const stores = await createPostgresStores(serverUrl(), { schema: s });
    await stores.grants.set('app', 'photos.read', 'granted');
    await stores.close();
    await p.query(`INSERT INTO "${s}".xcap_schema_versions (version) VALUES ($1)`, [postgresSchemaVersion + 1]);
    const before = await snapshot(p, s);
    const refused = createPostgresStores(serverUrl(), { schema: s });
    await expect(refused).rejects.toBeInstanceOf(PostgresSchemaError);
    await expect(refused).rejects.toThrow(
      errorOf(
        PostgresSchemaError,
        `the xcap tables in schema ${s} (prefix "xcap_") have schema version ${postgresSchemaVersion + 1}, newer than the ${postgresSchemaVersion} this @xcap/store-postgres knows; upgrade @xcap/store-postgres (nothing was changed)`,
      ),
    );
    await expect(new PostgresDatabase(p, { schema: s }).migrate()).rejects.toMatchObject({ found: postgresSchemaVersion + 1, known: postgresSchemaVersion });
    expect(await snapshot(p, s)).toEqual(before);
  });

  it('migrate: false opens without touching the database', async () => {
    const s = schema();
    const stores = await createPostgresStores(serverUrl(), { schema: s, migrate: false });
    expect(await stores.database.version()).toBe(0);
    const p = pool();
    expect((await p.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [s])).rowCount).toBe(0);
    await stores.database.migrate();
    expect(await stores.database.version()).toBe(postgresSchemaVersion);
    await stores.close();
  });

  it('a schema name or prefix that is not a plain identifier is refused before any statement', () => {
    const p = pool();
    for (const bad of ['', 'Upper', 'a-b', 'a"; DROP TABLE x; --', '1abc', 'pg_catalog', 'x'.repeat(64)]) {
      expect(() => new PostgresDatabase(p, { schema: bad })).toThrow(TypeError);
    }
    for (const bad of ['A_', 'a b', '"', 'x'.repeat(41)]) {
      expect(() => new PostgresDatabase(p, { tablePrefix: bad })).toThrow(TypeError);
    }
    expect(new PostgresDatabase(p, { schema: 'team_a', tablePrefix: '' }).names.grants).toBe('"team_a"."grants"');
  });
});
