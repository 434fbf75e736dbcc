import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AuditRow } from '@xcap/audit';
import { dataPaths, SqliteAuditSink } from '@xcap/store-local';
import { errorOf } from '@xcap/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditFollowGapWaitMs, auditFollowIntervalMs, auditFollowMaxFailures, followAudit } from '../../src/cli/audit-follow.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import type { CommandAuditRow } from '../../src/cli/command-stores.js';
import { runCli } from '../../src/cli/run-cli.js';
import { requireBuilt, xcapBin } from '../e2e/xcap-process.js';

const hash = `sha256:${'0'.repeat(64)}`;
const stored = (id: number, tool = 'photos__list'): CommandAuditRow => ({
  id,
  at: '2026-07-14T05:00:00.000Z',
  appId: 'acme.album',
  clientId: 'run-a',
  tool,
  status: 'ok',
  error: null,
  argsHash: hash,
  durationMs: 1,
  replayed: false,
});
const row = (tool: string, extra: Partial<AuditRow> = {}): AuditRow => ({
  appId: 'acme.album',
  clientId: 'run-a',
  tool,
  status: 'ok',
  error: null,
  argsHash: hash,
  ...extra,
});

/** A log whose visible rows the test sets: `page` answers them as a stored log's afterId query would. */
function fakeLog() {
  const visible = new Map<number, CommandAuditRow>();
  let failing: Error | undefined;
  return {
    show: (...ids: number[]) => ids.forEach((id) => visible.set(id, stored(id))),
    fail: (error: Error | undefined) => (failing = error),
    page: async (afterId: number, limit: number) => {
      if (failing) throw failing;
      return [...visible.values()]
        .filter((r) => r.id > afterId)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    },
  };
}

describe('followAudit (fake timers)', () => {
  afterEach(() => vi.useRealTimers());

  it('prints each new row once, waits for an id gap (a late commit) and prints it when it appears, then passes an old gap over', async () => {
    vi.useFakeTimers();
    const log = fakeLog();
    const printed: number[] = [];
    const stop = new AbortController();
    log.show(1, 2, 4);
    const done = followAudit({
      page: log.page,
      afterId: 0,
      signal: stop.signal,
      warn: () => undefined,
      print: async (rows) => void printed.push(...rows.map((r) => r.id)),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(printed).toEqual([1, 2, 4]);
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs * 3);
    expect(printed).toEqual([1, 2, 4]);
    log.show(3, 5);
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs);
    // 3 committed after 4 (another host's transaction): printed, in the order it became visible, and nothing twice.
    expect(printed).toEqual([1, 2, 4, 3, 5]);
    // 6 never commits (a rolled-back insert); 7 is seen; after the gap wait, 8 is still printed once.
    log.show(7);
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs);
    await vi.advanceTimersByTimeAsync(auditFollowGapWaitMs + auditFollowIntervalMs * 2);
    log.show(8);
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs * 2);
    expect(printed).toEqual([1, 2, 4, 3, 5, 7, 8]);
    stop.abort();
    await done;
  });

  it('looks again every interval, never sooner, and at once after a full page', async () => {
    vi.useFakeTimers();
    const log = fakeLog();
    const page = vi.fn(log.page);
    const stop = new AbortController();
    const done = followAudit({ page, afterId: 0, signal: stop.signal, warn: () => undefined, print: async () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(page).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs - 1);
    expect(page).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(page).toHaveBeenCalledTimes(2);
    log.show(...Array.from({ length: 1200 }, (_, i) => i + 1));
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs);
    // 1200 rows: pages of 500, 500, 200 without waiting between the full ones.
    expect(page).toHaveBeenCalledTimes(5);
    stop.abort();
    await done;
  });

  it('retries a failing look, warning once and once when it works again; gives up after the bound', async () => {
    vi.useFakeTimers();
    const log = fakeLog();
    const warnings: string[] = [];
    const printed: number[] = [];
    const stop = new AbortController();
    log.fail(new Error('SQLITE_BUSY: database is locked'));
    const done = followAudit({
      page: log.page,
      afterId: 0,
      signal: stop.signal,
      warn: (w) => warnings.push(w),
      print: async (rows) => void printed.push(...rows.map((r) => r.id)),
    });
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs * 5);
    log.fail(undefined);
    log.show(1);
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs);
    expect(printed).toEqual([1]);
    expect(warnings).toEqual([
      'cannot read the audit log: SQLITE_BUSY: database is locked; retrying every 500 ms',
      'the audit log is readable again after 6 failed look(s)',
    ]);
    log.fail(new Error('gone'));
    const failed = expect(done).rejects.toThrow(errorOf(Error, 'gone'));
    await vi.advanceTimersByTimeAsync(auditFollowIntervalMs * auditFollowMaxFailures);
    await failed;
  });

  it('ends at once when stopped while waiting, and with the printer’s error', async () => {
    vi.useFakeTimers();
    const log = fakeLog();
    const stop = new AbortController();
    const done = followAudit({ page: log.page, afterId: 0, signal: stop.signal, warn: () => undefined, print: async () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    await done;
    log.show(1);
    const closed = new Error('closed');
    await expect(
      followAudit({ page: log.page, afterId: 0, signal: new AbortController().signal, warn: () => undefined, print: () => Promise.reject(closed) }),
    ).rejects.toBe(closed);
  });
});

/** An in-memory io: what it printed, a stop the test triggers, and a stdout that can fail with EPIPE. */
function followIo(options: { terminal?: boolean; epipeAfter?: number } = {}) {
  let out = '';
  let err = '';
  let stop: (() => void) | undefined;
  let writes = 0;
  const io: CliIo = {
    stdout: (t) => {
      out += t;
      writes++;
    },
    stderr: (t) => (err += t),
    env: { HOME: '/nonexistent-home' },
    stdoutIsTerminal: options.terminal ?? false,
    onStopSignal: (s) => {
      stop = s;
      return () => (stop = undefined);
    },
    stdoutDone: async () => {
      if (options.epipeAfter !== undefined && writes > options.epipeAfter) throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    },
  };
  return { io, out: () => out, err: () => err, stop: () => stop?.(), stopping: () => stop !== undefined };
}

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const tempData = async () => join(await mkdtemp(join(tmpdir(), 'xcap-follow-')), 'data');

/** A strict RFC 4180 parser: CRLF record ends, quoted fields with doubled quotes, nothing else accepted. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('unterminated quoted field');
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
            } else {
              i++;
              break;
            }
          } else field += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
          if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
          field += text[i++];
        }
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.slice(i, i + 2) !== '\r\n') throw new Error(`record not ended by CRLF at ${i}`);
      i += 2;
      break;
    }
    records.push(record);
  }
  return records;
}

describe('xcap audit --follow on a data directory (SQLite)', () => {
  it('follows across a writer restart: the backlog, then every new row once, in commit order; SIGINT/SIGTERM ends it with 0', async () => {
    const data = await tempData();
    const file = dataPaths(data).audit;
    const first = new SqliteAuditSink(file);
    for (const tool of ['a__one', 'a__two', 'a__three']) await first.write(row(tool));
    const followed = followIo();
    const run = runCli(['audit', '--follow', '--limit', '2', '--data', data], followed.io);
    const lines = () => followed.out().split('\n').filter(Boolean);
    await until(() => lines().length === 2, 'the backlog');
    await first.write(row('a__four'));
    first.close();
    // The writer restarts: a new process, the same file.
    const second = new SqliteAuditSink(file);
    for (const tool of ['b__one', 'b__two']) await second.write(row(tool));
    await until(() => lines().length === 5, 'the rows after the restart');
    for (const tool of ['b__three', 'b__four']) await second.write(row(tool));
    second.close();
    await until(() => lines().length === 7, 'the last rows');
    expect(followed.stopping()).toBe(true);
    followed.stop();
    expect(await run).toBe(0);
    const rows = lines().map((l) => JSON.parse(l) as CommandAuditRow);
    // Not a terminal: JSON lines by default.
    expect(rows.map((r) => r.tool)).toEqual(['a__two', 'a__three', 'a__four', 'b__one', 'b__two', 'b__three', 'b__four']);
    expect(rows.map((r) => r.id)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(followed.err()).toBe('');
  }, 30_000);

  it('waits for a log that does not exist yet, creating nothing, and prints its rows once it does', async () => {
    const data = await tempData();
    const followed = followIo();
    const run = runCli(['audit', '--follow', '--data', data], followed.io);
    await new Promise((r) => setTimeout(r, 700));
    expect(existsSync(dataPaths(data).audit)).toBe(false);
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    await sink.write(row('a__first'));
    sink.close();
    await until(() => followed.out() !== '', 'the first row');
    followed.stop();
    expect(await run).toBe(0);
    expect(JSON.parse(followed.out())).toMatchObject({ id: 1, tool: 'a__first' });
  }, 30_000);

  it('prints CSV a strict RFC 4180 parser reads back: commas, quotes, CR and LF in fields, a header, CRLF line ends', async () => {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    const nasty = ['x,y', 'say "hi"', 'line\nbreak', 'cr\rhere', '"', ',', '=1+1'];
    await sink.write(row(nasty[0]!, { error: nasty[1]! }));
    const followed = followIo({ terminal: true });
    const run = runCli(['audit', '--follow', '--format', 'csv', '--data', data], followed.io);
    await until(() => followed.out().split('\r\n').length >= 3, 'the backlog row');
    for (const tool of nasty.slice(2)) await sink.write(row(tool, { clientId: 'c,"\r\n' }));
    sink.close();
    await until(() => parseCsv(followed.out()).length === 1 + 1 + nasty.length - 2, 'every row');
    followed.stop();
    expect(await run).toBe(0);
    const [header, ...records] = parseCsv(followed.out());
    expect(header).toEqual(['id', 'at', 'appId', 'clientId', 'tool', 'status', 'error', 'argsHash', 'durationMs', 'replayed']);
    const objects = records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
    expect(objects.map((o) => o.tool)).toEqual([nasty[0], ...nasty.slice(2)]);
    expect(objects[0]).toMatchObject({ id: '1', error: nasty[1], clientId: 'run-a', status: 'ok', replayed: 'false' });
    expect(objects.slice(1).every((o) => o.clientId === 'c,"\r\n' && o.error === '')).toBe(true);
  }, 30_000);

  it('prints a table on a terminal, terminal-unsafe characters escaped', async () => {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    await sink.write(row('evil\u001b[2J\u001b]0;pwned\u0007\u202e__x\nfake row'));
    const followed = followIo({ terminal: true });
    const run = runCli(['audit', '--follow', '--data', data], followed.io);
    await until(() => followed.out().split('\n').length >= 4, 'the header and the row');
    await sink.write(row('next\u009b31m'));
    sink.close();
    await until(() => followed.out().includes('next'), 'the new row');
    followed.stop();
    expect(await run).toBe(0);
    const lines = followed.out().split('\n');
    expect(lines[0]).toMatch(/^at {24}app {15}client {14}tool {20}status {7}error {13}ms {8}argsHash {14}replayed$/);
    expect(lines[2]).toContain('evil\\x1b[2J\\x1b]0;pwned\\x07\\u202e__x\\nfake row');
    expect(lines[3]).toContain('next\\x9b31m');
    expect(lines).toHaveLength(5);
    expect(followed.out()).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
  }, 30_000);

  it('ends with 0 and nothing on stderr when its reader goes away (EPIPE)', async () => {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    await sink.write(row('a__one'));
    const followed = followIo({ epipeAfter: 1 });
    const run = runCli(['audit', '--follow', '--data', data], followed.io);
    await until(() => followed.out() !== '', 'the backlog');
    await sink.write(row('a__two'));
    sink.close();
    expect(await run).toBe(0);
    expect(followed.err()).toBe('');
    expect(followed.stopping()).toBe(false);
  }, 30_000);

  it('refuses --format with --json, --follow with --json, and an unknown format, with exit 2', async () => {
    const data = await tempData();
    for (const argv of [
      ['audit', '--format', 'csv', '--json'],
      ['audit', '--follow', '--json'],
      ['audit', '--format', 'xml'],
    ]) {
      const followed = followIo();
      expect(await runCli([...argv, '--data', data], followed.io), argv.join(' ')).toBe(2);
      expect(followed.err()).toMatch(/^xcap: /);
    }
  });

  it('--format jsonl and csv without --follow print the page, newest first', async () => {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    for (const tool of ['a__one', 'a__two']) await sink.write(row(tool));
    sink.close();
    const jsonl = followIo();
    expect(await runCli(['audit', '--format', 'jsonl', '--data', data], jsonl.io)).toBe(0);
    expect(
      jsonl
        .out()
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as CommandAuditRow).tool),
    ).toEqual(['a__two', 'a__one']);
    const csv = followIo();
    expect(await runCli(['audit', '--format', 'csv', '--data', data], csv.io)).toBe(0);
    expect(parseCsv(csv.out()).map((r) => r[4])).toEqual(['tool', 'a__two', 'a__one']);
  });
});

describe('xcap audit --follow as a process (bin/xcap.js)', () => {
  beforeAll(() => requireBuilt());

  async function started(data: string): Promise<{ child: ChildProcessByStdio<null, Readable, Readable>; firstLine: Promise<string> }> {
    const child = spawn(process.execPath, [xcapBin, 'audit', '--follow', '--data', data], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: '/nonexistent-home' },
    });
    const firstLine = new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
    });
    return { child, firstLine };
  }

  const exited = (child: ChildProcessByStdio<null, Readable, Readable>) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'ends with exit 0 on %s',
    async (signal) => {
      const data = await tempData();
      const sink = new SqliteAuditSink(dataPaths(data).audit);
      await sink.write(row('a__one'));
      sink.close();
      const { child, firstLine } = await started(data);
      expect(JSON.parse(await firstLine)).toMatchObject({ id: 1, tool: 'a__one' });
      const end = exited(child);
      child.kill(signal);
      expect(await end).toEqual({ code: 0, signal: null });
    },
    30_000,
  );

  it('ends with exit 0, nothing on stderr, when its reader closes the pipe (EPIPE at the next row)', async () => {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    await sink.write(row('a__one'));
    const { child, firstLine } = await started(data);
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    await firstLine;
    const end = exited(child);
    child.stdout.destroy();
    await sink.write(row('a__two'));
    sink.close();
    expect(await end).toEqual({ code: 0, signal: null });
    expect(err).toBe('');
  }, 30_000);
});
