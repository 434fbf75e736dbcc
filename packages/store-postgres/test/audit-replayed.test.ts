import type { AuditRow } from '@xcap/audit';
import { describe, expect, it, vi } from 'vitest';
import { postgresMigrations } from '../src/index.js';
import { useOpenedStores } from './support/use-opened-stores.js';

// A database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const open = useOpenedStores();

const row = (n: number): AuditRow => ({ appId: 'acme.album', clientId: 'ui', tool: 'print__pdf', status: 'ok', error: null, argsHash: `sha256:${n}` });

describe('PostgresAuditSink: replayed rows (issue 23, finding 14)', () => {
  it('stores meta.replayed in the replayed column (false when absent) and tells the first row’s time', async () => {
    const stores = await open();
    await expect(stores.audit.firstRowAt()).resolves.toBeUndefined();
    await stores.audit.write(row(1), { at: '2026-03-01T09:00:00.000Z', durationMs: 1 });
    await stores.audit.write(row(2), { at: '2026-03-01T08:00:00.000Z', durationMs: 2, replayed: true });
    await stores.audit.write(row(3));
    expect((await stores.audit.query()).reverse().map((r) => [r.argsHash, r.replayed])).toEqual([
      ['sha256:1', false],
      ['sha256:2', true],
      ['sha256:3', false],
    ]);
    // The first row by id, not the earliest time.
    await expect(stores.audit.firstRowAt()).resolves.toBe('2026-03-01T09:00:00.000Z');
  });

  it('a database of the schema before the replayed column migrates: its rows read as not replayed', async () => {
    const stores = await open({ migrate: false });
    const { names, pool } = stores.database;
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${names.schemaName}"`);
    const step = postgresMigrations.findIndex((migration) => migration(names).includes('ADD COLUMN replayed'));
    expect(step).toBeGreaterThan(0);
    // Migrate to the version before the step, write a row the old way, then migrate the rest.
    for (const migration of postgresMigrations.slice(0, step)) await pool.query(migration(names));
    await pool.query(
      `INSERT INTO ${names.audit} (at, app_id, client_id, tool, status, error, args_hash, duration_ms) VALUES (now(), 'acme.album', 'ui', 'print__pdf', 'ok', NULL, 'sha256:0', 1)`,
    );
    await pool.query(postgresMigrations[step]?.(names) ?? '');
    await stores.audit.write(row(1), { at: '2026-03-01T09:00:00.000Z', durationMs: 1, replayed: true });
    expect((await stores.audit.query()).reverse().map((r) => [r.argsHash, r.replayed])).toEqual([
      ['sha256:0', false],
      ['sha256:1', true],
    ]);
  });
});
