import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditRow } from '@xcap/audit';
import type { PendingAuditRow } from '@xcap/call';
import { tempDir, useUmask } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import Sqlite from 'better-sqlite3';
import { auditMigrations, migrateAuditDb, userVersion } from '../src/audit-schema.js';
import { appendAuditSpill, auditSpillPath, replayAuditSpill, SqliteAuditSink } from '../src/index.js';

const row = (n: number, appId = 'acme.album'): AuditRow => ({
  appId,
  clientId: 'run-1',
  tool: 'print__pdf',
  status: 'ok',
  error: null,
  argsHash: `sha256:${n}`,
});
const pending = (n: number, at: string, appId?: string): PendingAuditRow => ({
  row: row(n, appId),
  meta: { at, durationMs: n },
  since: at,
  attempts: 1,
  lastError: 'disk full',
});

useUmask(0o077);

/** A data directory with an audit log whose first row is dated `first`, and its spill file. */
async function logAndSpill(first: string): Promise<{ sink: SqliteAuditSink; spill: string }> {
  const dir = tempDir();
  const sink = new SqliteAuditSink(path.join(dir, 'audit.sqlite'));
  await sink.write(row(0), { at: first, durationMs: 1 });
  return { sink, spill: auditSpillPath(dir) };
}

/** Each row's `argsHash` and `replayed` flag, oldest first. */
const replayedFlags = (sink: SqliteAuditSink) =>
  sink
    .query()
    .reverse()
    .map((r) => [r.argsHash, r.replayed]);

describe('replay does not trust the spill file (issue 23, finding 14)', () => {
  it('marks replayed rows: the log keeps replayed = true for them, false for rows written live', async () => {
    const { sink, spill } = await logAndSpill('2026-03-01T09:00:00.000Z');
    await appendAuditSpill(spill, [pending(1, '2026-03-01T09:00:01.000Z'), pending(2, '2026-03-01T09:00:02.000Z')]);
    await expect(replayAuditSpill(spill, sink)).resolves.toEqual({ replayed: 2, invalid: [], refused: [] });
    await sink.write(row(3), { at: '2026-03-01T09:00:03.000Z', durationMs: 3 });
    expect(replayedFlags(sink)).toEqual([
      ['sha256:0', false],
      ['sha256:1', true],
      ['sha256:2', true],
      ['sha256:3', false],
    ]);
    sink.close();
  });

  it("refuses rows dated after the spill file's own time or before the log's first row, counts them, and keeps none of them", async () => {
    const { sink, spill } = await logAndSpill('2026-03-01T09:00:00.000Z');
    await appendAuditSpill(spill, [
      pending(1, '2026-03-01T09:00:01.000Z'),
      // Hand-written: another app's rows, dated 2099 and 2020.
      pending(2, '2099-01-01T00:00:00.000Z', 'evil.app'),
      pending(3, '2020-01-01T00:00:00.000Z', 'evil.app'),
      pending(4, '2026-03-01T09:00:04.000Z'),
    ]);
    const mtime = new Date('2026-03-01T10:00:00.000Z');
    utimesSync(spill, mtime, mtime);
    const replay = await replayAuditSpill(spill, sink);
    expect(replay).toEqual({
      replayed: 2,
      invalid: [],
      refused: [
        { line: 2, problem: "dated 2099-01-01T00:00:00.000Z, after the spill file's own time (2026-03-01T10:00:00.000Z)" },
        { line: 3, problem: "dated 2020-01-01T00:00:00.000Z, before the audit log's first row (2026-03-01T09:00:00.000Z)" },
      ],
    });
    expect(sink.query().map((r) => r.appId)).toEqual(['acme.album', 'acme.album', 'acme.album']);
    expect(existsSync(spill)).toBe(false);
    sink.close();
  });

  it("the spill file's time is taken from the file replay reads (a row dated after it is refused however the file is named)", async () => {
    const { sink, spill } = await logAndSpill('2026-03-01T09:00:00.000Z');
    await appendAuditSpill(spill, [pending(1, '2026-03-01T09:30:00.000Z'), pending(2, '2026-03-01T08:00:00.000Z')]);
    const mtime = new Date('2026-03-01T09:10:00.000Z');
    utimesSync(spill, mtime, mtime);
    const replay = await replayAuditSpill(spill, sink);
    expect(replay.replayed).toBe(0);
    expect(replay.refused.map((r) => r.line)).toEqual([1, 2]);
    expect(sink.count()).toBe(1);
    sink.close();
  });

  it('a row without a time is refused (a spilled row always has one): it would be dated by the replay itself', async () => {
    const { sink, spill } = await logAndSpill('2026-03-01T09:00:00.000Z');
    writeFileSync(spill, `${JSON.stringify({ row: row(1) })}\n`, { mode: 0o600 });
    const replay = await replayAuditSpill(spill, sink);
    expect(replay).toEqual({ replayed: 0, invalid: [], refused: [{ line: 1, problem: 'has no time (meta.at)' }] });
    expect(sink.count()).toBe(1);
    sink.close();
  });

  it('an empty log sets no lower bound; invalid lines are still kept and rows the sink did not take stay', async () => {
    const dir = tempDir();
    const sink = new SqliteAuditSink(path.join(dir, 'audit.sqlite'));
    const spill = auditSpillPath(dir);
    await appendAuditSpill(spill, [pending(1, '2020-06-01T00:00:00.000Z')]);
    writeFileSync(spill, `${readFileSync(spill, 'utf8')}not json\n`, { mode: 0o600 });
    const replay = await replayAuditSpill(spill, sink);
    expect(replay).toEqual({ replayed: 1, invalid: [{ line: 2, problem: 'not JSON' }], refused: [] });
    expect(readFileSync(spill, 'utf8')).toBe('not json\n');
    expect(sink.query().map((r) => r.replayed)).toEqual([true]);
    sink.close();
  });

  it('a log of schema version 1 (before the replayed column) migrates: its rows read as not replayed', async () => {
    const file = path.join(tempDir(), 'audit.sqlite');
    const old = new Sqlite(file);
    migrateAuditDb(old, file, auditMigrations.slice(0, 1));
    old
      .prepare('INSERT INTO audit (at, app_id, client_id, tool, status, error, args_hash, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run('2026-03-01T09:00:00.000Z', 'acme.album', 'run-1', 'print__pdf', 'ok', null, 'sha256:0', 1);
    expect(userVersion(old)).toBe(1);
    old.close();
    const sink = new SqliteAuditSink(file);
    await sink.write(row(1), { at: '2026-03-01T09:00:01.000Z', durationMs: 1, replayed: true });
    expect(replayedFlags(sink)).toEqual([
      ['sha256:0', false],
      ['sha256:1', true],
    ]);
    expect(sink.firstRowAt()).toBe('2026-03-01T09:00:00.000Z');
    sink.close();
    const db = new Sqlite(file, { readonly: true });
    expect(userVersion(db)).toBe(2);
    db.close();
  });
});
