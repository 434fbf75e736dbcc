/**
 * Stores on the run's private server, each call in a schema of its own
 * (so test files running at once never see each other's rows); `drop`
 * removes the schema.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPostgresStores, type PostgresStores, type PostgresStoresOptions } from '../../src/index.js';

/** The run's server URL (from the global setup). */
export function serverUrl(): string {
  return inject('postgresUrl');
}

/** A fresh schema name (`t_` + 16 hex digits). */
export function freshSchema(): string {
  return `t_${randomBytes(8).toString('hex')}`;
}

/** Opens the stores in `schema` (fresh by default) on the run's server. */
export function openStores(options: PostgresStoresOptions = {}, url = serverUrl()): Promise<PostgresStores> {
  return createPostgresStores(url, { schema: freshSchema(), ...options });
}

/** Drops `schema` and everything in it. */
export async function dropSchema(schema: string, url = serverUrl()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
