import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataPaths, SqliteAuditSink } from '@xcap/store-local';
import { requireBuilt, runXcap, xcapBin } from '../e2e/xcap-process.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

/** Rows in the seeded log: the table (~700 KB) and the JSON (~1.6 MB) are far more than a pipe buffer (64 KB). */
const rowCount = 6000;

let root = '';
let data = '';
const children: ChildProcess[] = [];

beforeAll(async () => {
  requireBuilt();
  root = await mkdtemp(join(tmpdir(), 'xcap-closed-'));
  data = join(root, 'data');
  const sink = new SqliteAuditSink(dataPaths(data).audit);
  const writes: Promise<void>[] = [];
  for (let i = 0; i < rowCount; i += 1) {
    const at = new Date(Date.UTC(2026, 6, 14, 0, 0, i)).toISOString();
    writes.push(
      sink.write(
        { appId: 'acme.album', clientId: 'run-a', tool: 'photos__list', status: 'ok', error: null, argsHash: `sha256:${'0'.repeat(64)}` },
        { at, durationMs: 1 },
      ),
    );
  }
  await Promise.all(writes);
  sink.close();
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  /** What the reader took before it closed the pipe. */
  readonly read: string;
}

function spawnXcap(args: readonly string[], stdout: 'pipe' | number) {
  const child = spawn(process.execPath, [xcapBin, ...args], { env: { PATH: process.env.PATH ?? '', HOME: root }, stdio: ['ignore', stdout, 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, ended, stderr: () => stderr };
}

/** `xcap <args> | head -c <bytes>`: reads until `bytes` arrived, then closes the pipe (as `head` exits). */
async function readThenClose(args: readonly string[], bytes: number): Promise<Ended> {
  const run = spawnXcap(args, 'pipe');
  let read = '';
  run.child.stdout?.on('data', (chunk: Buffer) => {
    read += chunk.toString();
    if (read.length >= bytes) run.child.stdout?.destroy();
  });
  const { code, signal } = await run.ended;
  return { code, signal, stderr: run.stderr(), read };
}

/** `xcap <args> > /dev/full`: every write fails with ENOSPC. */
async function toDevFull(args: readonly string[]): Promise<Ended> {
  const full = openSync('/dev/full', 'w');
  try {
    const run = spawnXcap(args, full);
    const { code, signal } = await run.ended;
    return { code, signal, stderr: run.stderr(), read: '' };
  } finally {
    closeSync(full);
  }
}

describe('closed pipes: the reader going away ends the command quietly, exit 0 (no stack trace)', () => {
  it('xcap audit | head -1', async () => {
    const ended = await readThenClose(['audit', '--limit', String(rowCount), '--data', data], 1);
    expect(ended.read).toMatch(/^at\s+app/);
    expect(ended).toMatchObject({ code: 0, signal: null, stderr: '' });
  });

  it('xcap audit --json | head -c 100', async () => {
    const ended = await readThenClose(['audit', '--json', '--limit', String(rowCount), '--data', data], 100);
    expect(ended.read.startsWith('[\n  {\n')).toBe(true);
    expect(ended).toMatchObject({ code: 0, signal: null, stderr: '' });
  });
});

describe.skipIf(process.platform !== 'linux')('standard output that cannot be written (> /dev/full): ONE line on stderr, exit 1', () => {
  it.each([[['audit', '--data']], [['audit', '--json', '--data']], [['grants', '--data']], [['grants', '--json', '--data']], [['--help', '--data']]])(
    'xcap %j > /dev/full',
    async (args) => {
      const ended = await toDevFull([...args, data]);
      expect(ended).toMatchObject({ code: 1, signal: null });
      expect(ended.stderr).toBe('xcap: cannot write to standard output: ENOSPC: no space left on device, write\n');
    },
  );

  it('xcap grant > /dev/full stores the grant and says so in its one line; xcap revoke likewise', async () => {
    const fresh = join(root, 'grant-data');
    const granted = await toDevFull(['grant', 'acme.album', 'photos.read', '--data', fresh]);
    expect(granted).toMatchObject({ code: 1, signal: null });
    expect(granted.stderr).toBe(
      'xcap: cannot write to standard output: ENOSPC: no space left on device, write; the grant was stored all the same (acme.album photos.read granted)\n',
    );
    expect(JSON.parse((await runXcap(['grants', '--json', '--data', fresh])).stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
    const revoked = await toDevFull(['revoke', 'acme.album', 'photos.read', '--data', fresh]);
    expect(revoked).toMatchObject({ code: 1, signal: null });
    expect(revoked.stderr).toBe(
      'xcap: cannot write to standard output: ENOSPC: no space left on device, write; the revoke was stored all the same (acme.album photos.read undecided)\n',
    );
    expect(JSON.parse((await runXcap(['grants', '--json', '--data', fresh])).stdout)).toEqual({});
  });
});
