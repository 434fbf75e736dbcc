/**
 * A private PostgreSQL server for host-node's tests (the harness of
 * @xcap/store-postgres, imported by relative path) and a fresh database
 * per test, reached with a password in the URL (the server trusts every
 * login, so the password only shows whether it leaks).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, startPostgresServer, type PostgresServer } from '@xcap/test-support';

export { freePort, type PostgresServer };

/** The password every test URL carries; no output may show it. */
export const testPassword = 'S3cret-pw-9f1c';

/** Starts a private server (about 1.5 s). */
export function startServer(): Promise<PostgresServer> {
  return startPostgresServer();
}

/** Creates an empty database on `server` and answers its URL, with `testPassword` in it. */
export async function freshDatabase(server: PostgresServer): Promise<string> {
  const name = `h_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `postgres://xcap:${testPassword}@127.0.0.1:${server.port}/${name}`;
}

/** Runs `sql` on the database at `url` and answers the rows. */
export async function queryRows<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
