import type { AuditRow } from '@xcap/audit';
import { createPostgresStores } from '@xcap/store-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import type { CommandAuditRow } from '../../src/cli/command-stores.js';
import { runCli } from '../../src/cli/run-cli.js';
import { freshDatabase, startServer, testPassword, type PostgresServer } from './postgres-fixture.js';

// A database server and a follower polling every 500 ms: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

let server: PostgresServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const row = (tool: string): AuditRow => ({ appId: 'acme.album', clientId: 'run-a', tool, status: 'ok', error: null, argsHash: `sha256:${'0'.repeat(64)}` });

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('xcap audit --follow --store postgres://…', () => {
  it('follows across a writer restart and a transaction that commits after a later id, each row once, in commit order', async () => {
    const url = await freshDatabase(server);
    const first = await createPostgresStores(url, { host: 'host-a' });
    await first.audit.write(row('a__one'));
    let out = '';
    let err = '';
    let stop: (() => void) | undefined;
    const io: CliIo = {
      stdout: (t) => (out += t),
      stderr: (t) => (err += t),
      env: { HOME: '/nonexistent-home', XCAP_STORE: url },
      onStopSignal: (s) => {
        stop = s;
        return () => (stop = undefined);
      },
    };
    const run = runCli(['audit', '--follow', '--format', 'jsonl'], io);
    const tools = () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as CommandAuditRow).tool);
    await until(() => tools().length === 1, 'the backlog');
    await first.audit.write(row('a__two'));
    await first.close();
    // Another host's transaction takes an id and has not committed yet when a later id commits.
    const slow = new pg.Client({ connectionString: url });
    await slow.connect();
    const table = first.database.names.audit;
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO ${table} (at, app_id, client_id, tool, status, error, args_hash, duration_ms, host) VALUES (now(), 'acme.album', 'run-z', 'slow__one', 'ok', NULL, $1, 1, 'host-z')`,
      [`sha256:${'0'.repeat(64)}`],
    );
    // The writer restarts.
    const second = await createPostgresStores(url, { host: 'host-a' });
    await second.audit.write(row('b__one'));
    await until(() => tools().length === 3, 'the rows before and after the restart');
    // Wait more than one look: the follower has seen b__one above the open transaction's id.
    await new Promise((r) => setTimeout(r, 1200));
    await slow.query('COMMIT');
    await slow.end();
    await second.audit.write(row('b__two'));
    await second.close();
    await until(() => tools().length === 5, 'the late commit and the last row');
    stop?.();
    expect(await run).toBe(0);
    expect(tools()).toEqual(['a__one', 'a__two', 'b__one', 'slow__one', 'b__two']);
    const rows = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as CommandAuditRow);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
    expect(rows.map((r) => r.host)).toEqual(['host-a', 'host-a', 'host-a', 'host-z', 'host-a']);
    expect(`${out}${err}`).not.toContain(testPassword);
    expect(err).toBe('');
  });
});
