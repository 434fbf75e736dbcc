import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import type { AuditRow } from '@xcap/audit';
import type { PendingAuditRow } from '@xcap/call';
import { describe, expect, it } from 'vitest';
import { AuditSpillError, appendAuditSpill, auditSpillPath, maxSpillLineBytes, replayAuditSpill } from '../src/index.js';
import { scriptedAuditSink, tempDir, useUmask, errorOf } from '@xcap/test-support';

const row = (n: number): AuditRow => ({ appId: 'acme.album', clientId: 'run-1', tool: 'print__pdf', status: 'ok', error: null, argsHash: `sha256:${n}` });
const pending = (n: number): PendingAuditRow => ({
  row: row(n),
  meta: { at: `2026-03-01T09:00:0${n}.000Z`, durationMs: n },
  since: '2026-03-01T09:00:09.000Z',
  attempts: 2,
  lastError: 'disk full',
});

useUmask(0);

describe('the audit spill file', () => {
  it('appends one JSON line per row, mode 0600 even with umask 000, and replays them with their times', async () => {
    const file = auditSpillPath(tempDir());
    await expect(appendAuditSpill(file, [pending(1), pending(2)])).resolves.toEqual({ spilled: 2, lost: 0, error: null });
    await appendAuditSpill(file, [pending(3)]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] as string)).toEqual({ row: row(1), meta: { at: '2026-03-01T09:00:01.000Z', durationMs: 1 }, since: '2026-03-01T09:00:09.000Z' });
    const sink = scriptedAuditSink();
    await expect(replayAuditSpill(file, sink)).resolves.toEqual({ replayed: 3, invalid: [], refused: [] });
    expect(sink.rows.map((r) => [r.row.argsHash, r.meta?.at])).toEqual([
      ['sha256:1', '2026-03-01T09:00:01.000Z'],
      ['sha256:2', '2026-03-01T09:00:02.000Z'],
      ['sha256:3', '2026-03-01T09:00:03.000Z'],
    ]);
    expect(existsSync(file)).toBe(false);
    await expect(replayAuditSpill(file, sink)).resolves.toEqual({ replayed: 0, invalid: [], refused: [] });
  });

  it('a line that is not valid is reported with its number and kept; the valid rows are replayed and removed', async () => {
    const file = auditSpillPath(tempDir());
    await appendAuditSpill(file, [pending(1)]);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"row": {"appId": 1}}\n{"row":{"appId":"a","clientId":"ui","to\n`, { flag: 'w' });
    await appendAuditSpill(file, [pending(2)]);
    const sink = scriptedAuditSink();
    const replay = await replayAuditSpill(file, sink);
    expect(replay).toEqual({
      replayed: 2,
      invalid: [
        { line: 2, problem: '/row/appId: must be a string, got number' },
        { line: 3, problem: 'not JSON' },
      ],
      refused: [],
    });
    expect(readFileSync(file, 'utf8')).toBe('{"row": {"appId": 1}}\n{"row":{"appId":"a","clientId":"ui","to\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a sink that cannot take the replay is an AuditSpillError; the rows stay in the file', async () => {
    const file = auditSpillPath(tempDir());
    await appendAuditSpill(file, [pending(1), pending(2)]);
    const before = readFileSync(file, 'utf8');
    const sink = scriptedAuditSink();
    sink.down = true;
    await expect(replayAuditSpill(file, sink)).rejects.toThrow(AuditSpillError);
    await expect(replayAuditSpill(file, sink)).rejects.toThrow(errorOf(AuditSpillError, /did not take 2 of its 2 rows \(SQLITE_FULL/));
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('is bounded: a row longer than a spill line is not kept but counted lost; a file that cannot be written loses every row, counted', async () => {
    const file = auditSpillPath(tempDir());
    const long = { ...pending(1), row: { ...row(1), clientId: 'x'.repeat(maxSpillLineBytes) } };
    await expect(appendAuditSpill(file, [long, pending(2)])).resolves.toMatchObject({
      spilled: 1,
      lost: 1,
      error: expect.stringMatching(/longer than 8192 bytes/),
    });
    const dirFile = auditSpillPath(tempDir());
    mkdirSync(dirFile);
    await expect(appendAuditSpill(dirFile, [pending(1), pending(2)])).resolves.toMatchObject({
      spilled: 0,
      lost: 2,
      error: expect.stringMatching(/cannot write/),
    });
  });
});
