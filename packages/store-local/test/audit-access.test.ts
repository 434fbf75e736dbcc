import { chmodSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { AuditSchemaError, SqliteAuditSink } from '../src/index.js';
import { runChild, tempDir, errorOf } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const row = { appId: 'acme.album', clientId: 'ui', tool: 'photos__pick', status: 'ok', error: null, argsHash: 'sha256:0' } as const;
const isRoot = process.getuid?.() === 0;
const nobody = 65534;

/**
 * Runs the audit-reader child as the unprivileged user `nobody` (65534), so file modes apply.
 * The child starts as root from the clone (which `nobody` may not be able to enter: a
 * checkout under /root or any 0700 folder), loads its modules, then drops to `nobody`
 * before it opens `file` — so the only paths `nobody` must reach are the log's own.
 */
async function readAsNobody(file: string): Promise<string> {
  const blocked = untraversableAncestor(path.dirname(file));
  if (blocked !== undefined)
    throw new Error(
      `audit-access: the user nobody cannot enter ${blocked} (mode ${(statSync(blocked).mode & 0o777).toString(8)}), on the way to ${file}: set TMPDIR to a folder every user can traverse`,
    );
  const end = await runChild(new URL('./children/audit-reader.ts', import.meta.url), ['--as', `${nobody}:${nobody}`, file]);
  if (end.code !== 0) throw new Error(`audit-reader exited ${String(end.code)}: ${end.stderr}`);
  return end.stdout.trim();
}

/** The first folder above `dir` (itself excluded: the tests set its mode) that others may not traverse, if any. */
function untraversableAncestor(dir: string): string | undefined {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

async function logWithOneRow(): Promise<{ dir: string; file: string }> {
  const dir = tempDir();
  const file = path.join(dir, 'audit.sqlite');
  const sink = new SqliteAuditSink(file);
  await sink.write(row, { at: '2026-03-01T09:00:00.000Z' });
  sink.close();
  return { dir, file };
}

describe('audit.sqlite file modes', () => {
  it('the log, its -wal and its -shm are 0600 even with umask 000', async () => {
    const file = path.join(tempDir(), 'audit.sqlite');
    const end = await runChild(new URL('./children/audit-umask.ts', import.meta.url), [file]);
    expect(end.stderr).toBe('');
    expect(JSON.parse(end.stdout)).toEqual({ db: '600', wal: '600', shm: '600' });
  });
});

describe('reading the audit log read-only (xcap audit)', () => {
  if (!isRoot) console.log('audit-access: the read-only file tests are skipped: they need root to run the reader as the user nobody');
  it.skipIf(!isRoot)('reads a read-only audit.sqlite in a writable folder', async () => {
    const { dir, file } = await logWithOneRow();
    chmodSync(dir, 0o777);
    chmodSync(file, 0o444);
    const rows = JSON.parse(await readAsNobody(file)) as { tool: string }[];
    expect(rows.map((r) => r.tool)).toEqual(['photos__pick']);
  });

  it.skipIf(!isRoot)('reads a read-only audit.sqlite in a read-only folder (no -shm can be created)', async () => {
    const { dir, file } = await logWithOneRow();
    chmodSync(file, 0o444);
    chmodSync(dir, 0o555);
    const rows = JSON.parse(await readAsNobody(file)) as { tool: string }[];
    expect(rows.map((r) => r.tool)).toEqual(['photos__pick']);
  });

  it('writes nothing, rejects writes, and reads an empty file as no rows', async () => {
    const { file } = await logWithOneRow();
    const reader = new SqliteAuditSink(file, { readonly: true });
    expect(reader.count()).toBe(1);
    await expect(reader.write(row)).rejects.toThrow(errorOf(Error, /read-only/));
    reader.close();
    const empty = path.join(tempDir(), 'audit.sqlite');
    writeFileSync(empty, '');
    const none = new SqliteAuditSink(empty, { readonly: true });
    expect(none.query()).toEqual([]);
    expect(none.count()).toBe(0);
    none.close();
  });

  it('a missing log or one of a newer schema is an AuditSchemaError, and nothing is created', async () => {
    const missing = path.join(tempDir(), 'audit.sqlite');
    expect(() => new SqliteAuditSink(missing, { readonly: true })).toThrow(AuditSchemaError);
    const { file } = await logWithOneRow();
    const db = new Sqlite(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new SqliteAuditSink(file, { readonly: true })).toThrow(/schema version 99, newer than/);
  });
});
