/**
 * What a test file of `xcap serve` processes on one private PostgreSQL
 * server shares: the built `xcap` bin checked and the server started once
 * for the file, a clean-up list run (last first) after each test, and the
 * way a test hands a host its database URL.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { requireBuilt } from '../e2e/xcap-process.js';
import { startServer, type PostgresServer } from './postgres-fixture.js';

/** The file's server and its clean-up list, from `usePostgresHosts`. */
export interface PostgresHosts {
  /** The server (started in `beforeAll`). */
  readonly server: () => PostgresServer;
  /** Steps run after each test, the last pushed first; their failures are ignored. */
  readonly cleanup: (() => Promise<unknown>)[];
}

/** Registers the file's hooks: the built bin checked and the server started before all tests, stopped after; `cleanup` drained after each. */
export function usePostgresHosts(): PostgresHosts {
  let server: PostgresServer | undefined;
  const cleanup: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    requireBuilt();
    server = await startServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  });
  return {
    server: () => {
      if (server === undefined) throw new Error('usePostgresHosts: the server is not started yet (call server() inside a test)');
      return server;
    },
    cleanup,
  };
}

/**
 * Writes `url` into `<dir>/store-url-<name>` (mode 0600) and answers the
 * path, for `--store-file`: a password never goes in `--store`, where every
 * local user can read it on the command line.
 */
export async function storeUrlFile(dir: string, name: string, url: string): Promise<string> {
  const file = join(dir, `store-url-${name}`);
  await writeFile(file, `${url}\n`, { mode: 0o600 });
  return file;
}
