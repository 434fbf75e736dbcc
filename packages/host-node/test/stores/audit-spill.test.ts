import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { AuditRow, AuditWriteMeta } from '@xcap/audit';
import type { PendingAuditRow } from '@xcap/call';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeHost } from '../../src/create-node-host.js';
import { AuditSpillError, SqliteAuditSink, appendAuditSpill, auditSpillPath, maxSpillLineBytes, replayAuditSpill } from '../../src/stores/index.js';
import { tempDir } from './temp-dir.js';

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'print.pdf', why: 'Make a PDF.' }] };
const pdfCall = { from: 'agent' as const, name: 'print__pdf', arguments: { title: 'T', blocks: [{ text: 'hi' }] }, foreground: true, client: 'run-1' };
const row = (n: number): AuditRow => ({ appId: 'acme.album', clientId: 'run-1', tool: 'print__pdf', status: 'ok', error: null, argsHash: `sha256:${n}` });
const pending = (n: number): PendingAuditRow => ({ row: row(n), meta: { at: `2026-03-01T09:00:0${n}.000Z`, durationMs: n }, since: '2026-03-01T09:00:09.000Z', attempts: 2, lastError: 'disk full' });

/** A sink that fails like a full disk while `down` is true, else records the rows. */
function scriptedSink() {
  const sink = {
    down: false,
    rows: [] as { row: AuditRow; meta?: AuditWriteMeta }[],
    write(r: AuditRow, meta?: AuditWriteMeta) {
      if (sink.down) throw new Error('SQLITE_FULL: database or disk is full');
      sink.rows.push(meta === undefined ? { row: r } : { row: r, meta });
    },
  };
  return sink;
}

let umask: number;
beforeEach(() => {
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
});

describe('the audit spill file', () => {
  it('appends one JSON line per row, mode 0600 even with umask 000, and replays them with their times', async () => {
    const file = auditSpillPath(tempDir());
    await expect(appendAuditSpill(file, [pending(1), pending(2)])).resolves.toEqual({ spilled: 2, lost: 0, error: null });
    await appendAuditSpill(file, [pending(3)]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] as string)).toEqual({ row: row(1), meta: { at: '2026-03-01T09:00:01.000Z', durationMs: 1 }, since: '2026-03-01T09:00:09.000Z' });
    const sink = scriptedSink();
    await expect(replayAuditSpill(file, sink)).resolves.toEqual({ replayed: 3, invalid: [] });
    expect(sink.rows.map((r) => [r.row.argsHash, r.meta?.at])).toEqual([['sha256:1', '2026-03-01T09:00:01.000Z'], ['sha256:2', '2026-03-01T09:00:02.000Z'], ['sha256:3', '2026-03-01T09:00:03.000Z']]);
    expect(existsSync(file)).toBe(false);
    await expect(replayAuditSpill(file, sink)).resolves.toEqual({ replayed: 0, invalid: [] });
  });

  it('a line that is not valid is reported with its number and kept; the valid rows are replayed and removed', async () => {
    const file = auditSpillPath(tempDir());
    await appendAuditSpill(file, [pending(1)]);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"row": {"appId": 1}}\n{"row":{"appId":"a","clientId":"ui","to\n`, { flag: 'w' });
    await appendAuditSpill(file, [pending(2)]);
    const sink = scriptedSink();
    const replay = await replayAuditSpill(file, sink);
    expect(replay).toEqual({ replayed: 2, invalid: [{ line: 2, problem: '/row/appId: must be a string, got number' }, { line: 3, problem: 'not JSON' }] });
    expect(readFileSync(file, 'utf8')).toBe('{"row": {"appId": 1}}\n{"row":{"appId":"a","clientId":"ui","to\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a sink that cannot take the replay is an AuditSpillError; the rows stay in the file', async () => {
    const file = auditSpillPath(tempDir());
    await appendAuditSpill(file, [pending(1), pending(2)]);
    const before = readFileSync(file, 'utf8');
    const sink = scriptedSink();
    sink.down = true;
    await expect(replayAuditSpill(file, sink)).rejects.toThrow(AuditSpillError);
    await expect(replayAuditSpill(file, sink)).rejects.toThrow(/did not take 2 of its 2 rows \(SQLITE_FULL/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('is bounded: a row longer than a spill line is not kept but counted lost; a file that cannot be written loses every row, counted', async () => {
    const file = auditSpillPath(tempDir());
    const long = { ...pending(1), row: { ...row(1), clientId: 'x'.repeat(maxSpillLineBytes) } };
    await expect(appendAuditSpill(file, [long, pending(2)])).resolves.toMatchObject({ spilled: 1, lost: 1, error: expect.stringMatching(/longer than 8192 bytes/) });
    const dirFile = auditSpillPath(tempDir());
    mkdirSync(dirFile);
    await expect(appendAuditSpill(dirFile, [pending(1), pending(2)])).resolves.toMatchObject({ spilled: 0, lost: 2, error: expect.stringMatching(/cannot write/) });
  });
});

describe('NodeHost: rows pending at exit are spilled and replayed at the next start', () => {
  it('close spills what the log did not take; the next start replays it before serving and removes the file', async () => {
    const data = path.join(tempDir(), 'data');
    const sink = scriptedSink();
    const logged: string[] = [];
    const host = await createNodeHost({ manifest, dataDir: data, foreground: true, audit: sink, auditLog: (line) => logged.push(line) });
    sink.down = true;
    const answer = await host.callPath.call(pdfCall);
    expect(answer.kind === 'result' && answer.result.content[0]).toEqual({ type: 'text', text: 'unavailable: auditFailed' });
    const refused = await host.callPath.call(pdfCall);
    expect(refused.verdict.verdict).toBe('unavailable');
    await expect(host.close()).resolves.toEqual({ pending: 2, spilled: 2, lost: 0, error: null });
    await expect(host.close()).resolves.toEqual({ pending: 2, spilled: 2, lost: 0, error: null });
    const spill = auditSpillPath(data);
    expect(statSync(spill).mode & 0o777).toBe(0o600);
    expect(logged.filter((l) => l.includes('cannot be written'))).toHaveLength(1);
    expect(logged.at(-1)).toMatch(/2 audit row\(s\) not yet committed are kept in .*audit-spill\.jsonl/);

    const again = await createNodeHost({ manifest, dataDir: data, foreground: true, auditLog: (line) => logged.push(line) });
    expect(again.auditReplay).toEqual({ replayed: 2, invalid: [] });
    expect(existsSync(spill)).toBe(false);
    expect(logged.at(-1)).toMatch(/replayed 2 audit row\(s\)/);
    await again.close();
    const log = new SqliteAuditSink(again.paths.audit, { readonly: true });
    expect(log.query().map((r) => [r.tool, r.status, r.error]).reverse()).toEqual([['print__pdf', 'ok', null], ['print__pdf', 'denied', 'unavailable']]);
    log.close();
  });

  it('a start whose audit log cannot take the spill fails closed with an AuditSpillError', async () => {
    const data = path.join(tempDir(), 'data');
    mkdirSync(data, { mode: 0o700 });
    await appendAuditSpill(auditSpillPath(data), [pending(1)]);
    const sink = scriptedSink();
    sink.down = true;
    await expect(createNodeHost({ manifest, dataDir: data, audit: sink, auditLog: () => undefined })).rejects.toThrow(AuditSpillError);
    expect(existsSync(auditSpillPath(data))).toBe(true);
  });

  it('close answers the rows it could keep nowhere (so xcap serve can exit non-zero)', async () => {
    const data = path.join(tempDir(), 'data');
    const sink = scriptedSink();
    const logged: string[] = [];
    const host = await createNodeHost({ manifest, dataDir: data, foreground: true, audit: sink, auditLog: (line) => logged.push(line) });
    mkdirSync(auditSpillPath(data));
    sink.down = true;
    await host.callPath.call(pdfCall);
    const report = await host.close();
    expect(report).toMatchObject({ pending: 1, spilled: 0, lost: 1, error: expect.stringMatching(/cannot write .*audit-spill\.jsonl/) });
    expect(logged.at(-1)).toMatch(/1 audit row\(s\) were lost/);
  });
});
