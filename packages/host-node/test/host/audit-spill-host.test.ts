import { existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PendingAuditRow } from '@xcap/call';
import { AuditSpillError, SqliteAuditSink, appendAuditSpill, auditSpillPath } from '@xcap/store-local';
import { scriptedAuditSink, tempDir, useUmask } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { createNodeHost } from '../../src/create-node-host.js';
import { runCliCaptured } from '../cli/run-cli-captured.js';

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'print.pdf', why: 'Make a PDF.' }] };
const pdfCall = { from: 'agent' as const, name: 'print__pdf', arguments: { title: 'T', blocks: [{ text: 'hi' }] }, foreground: true, client: 'run-1' };
/** A row left over from an earlier run, as the spill keeps it (with its call's time, as the call path always gives one). */
const leftOver: PendingAuditRow = {
  row: { appId: 'acme.album', clientId: 'run-1', tool: 'print__pdf', status: 'ok', error: null, argsHash: 'sha256:1' },
  meta: { at: '2026-03-01T09:00:05.000Z', durationMs: 1 },
  since: '2026-03-01T09:00:09.000Z',
  attempts: 2,
  lastError: 'disk full',
};

useUmask(0);

describe('NodeHost: rows pending at exit are spilled and replayed at the next start', () => {
  it('close spills what the log did not take; the next start replays it before serving and removes the file', async () => {
    const data = path.join(tempDir(), 'data');
    const sink = scriptedAuditSink();
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
    expect(again.auditReplay).toEqual({ replayed: 2, invalid: [], refused: [] });
    expect(existsSync(spill)).toBe(false);
    expect(logged.at(-1)).toMatch(/replayed 2 audit row\(s\)/);
    await again.close();
    const log = new SqliteAuditSink(again.paths.audit, { readonly: true });
    expect(
      log
        .query()
        .map((r) => [r.tool, r.status, r.error])
        .reverse(),
    ).toEqual([
      ['print__pdf', 'ok', null],
      ['print__pdf', 'denied', 'unavailable'],
    ]);
    log.close();
  });

  it('a start whose audit log cannot take the spill fails closed with an AuditSpillError', async () => {
    const data = path.join(tempDir(), 'data');
    mkdirSync(data, { mode: 0o700 });
    await appendAuditSpill(auditSpillPath(data), [leftOver]);
    const sink = scriptedAuditSink();
    sink.down = true;
    await expect(createNodeHost({ manifest, dataDir: data, audit: sink, auditLog: () => undefined })).rejects.toThrow(AuditSpillError);
    expect(existsSync(auditSpillPath(data))).toBe(true);
  });

  it('close answers the rows it could keep nowhere (so xcap serve can exit non-zero)', async () => {
    const data = path.join(tempDir(), 'data');
    const sink = scriptedAuditSink();
    const logged: string[] = [];
    const host = await createNodeHost({ manifest, dataDir: data, foreground: true, audit: sink, auditLog: (line) => logged.push(line) });
    mkdirSync(auditSpillPath(data));
    sink.down = true;
    await host.callPath.call(pdfCall);
    const report = await host.close();
    expect(report).toMatchObject({ pending: 1, spilled: 0, lost: 1, error: expect.stringMatching(/cannot write .*audit-spill\.jsonl/) });
    expect(logged.at(-1)).toMatch(/1 audit row\(s\) were lost/);
  });

  it('a spill file of 500 lines that are not rows: at most 20 lines name them, one more says how many were suppressed, none raw', async () => {
    // A data directory whose name holds U+202E: every line naming the spill file quotes it.
    const data = path.join(tempDir(), 'data\u202e');
    mkdirSync(data, { mode: 0o700 });
    const lines = 500;
    writeFileSync(auditSpillPath(data), 'not a row\n'.repeat(lines), { mode: 0o600 });
    const logged: string[] = [];
    const host = await createNodeHost({ manifest, dataDir: data, foreground: true, auditLog: (line) => logged.push(line) });
    await host.close();
    expect(host.auditReplay.invalid).toHaveLength(lines);
    const named = logged.filter((l) => l.includes('is not a spilled audit row'));
    expect(named.length).toBeLessThanOrEqual(20);
    expect(logged).toContain(`xcap: audit spill: … ${lines - named.length} similar line(s) suppressed`);
    expect(named[0]).toContain('data\\u202e');
    expect(logged.join('\n')).not.toContain('\u202e');
  });

  it("replay refuses rows dated after the spill file's time or before the log's first row, logs the count, and xcap audit marks the rows it replayed", async () => {
    const data = path.join(tempDir(), 'data');
    mkdirSync(data, { mode: 0o700 });
    const log = new SqliteAuditSink(path.join(data, 'audit.sqlite'));
    await log.write({ ...leftOver.row, argsHash: 'sha256:0' }, { at: '2026-03-01T09:00:00.000Z', durationMs: 1 });
    log.close();
    const spill = auditSpillPath(data);
    const at = (argsHash: string, time: string, appId = 'acme.album'): PendingAuditRow => ({
      ...leftOver,
      row: { ...leftOver.row, appId, argsHash },
      meta: { at: time, durationMs: 2 },
    });
    await appendAuditSpill(spill, [
      at('sha256:1', '2026-03-01T09:30:00.000Z'),
      at('sha256:2099', '2099-01-01T00:00:00.000Z', 'other.app'),
      at('sha256:2020', '2020-01-01T00:00:00.000Z', 'other.app'),
    ]);
    utimesSync(spill, new Date('2026-03-01T10:00:00.000Z'), new Date('2026-03-01T10:00:00.000Z'));
    const logged: string[] = [];
    const host = await createNodeHost({ manifest, dataDir: data, foreground: true, auditLog: (line) => logged.push(line) });
    expect(host.auditReplay.replayed).toBe(1);
    expect(host.auditReplay.refused.map((r) => r.line)).toEqual([2, 3]);
    expect(logged).toContain(`xcap: refused 2 audit row(s) of ${spill} for their time (not written to the audit log)`);
    expect(logged.filter((line) => line.includes('audit row refused, dated 2099-01-01T00:00:00.000Z, after the spill file'))).toHaveLength(1);
    expect(logged.at(-1)).toBe(`xcap: replayed 1 audit row(s) from ${spill} into the audit log (marked replayed)`);
    await host.close();

    const table = await runCliCaptured(['audit', '--data', data]);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^at\s+app\s+client\s+tool\s+status\s+error\s+ms\s+argsHash\s+replayed$/);
    expect(lines.slice(2).map((line) => [line.split(/\s+/)[0], line.split(/\s+/).at(-1)])).toEqual([
      ['2026-03-01T09:30:00.000Z', 'yes'],
      ['2026-03-01T09:00:00.000Z', '—'],
    ]);
    const json = JSON.parse((await runCliCaptured(['audit', '--json', '--data', data])).stdout) as { argsHash: string; replayed: boolean }[];
    expect(json.map((r) => [r.argsHash, r.replayed])).toEqual([
      ['sha256:1', true],
      ['sha256:0', false],
    ]);
  });
});
