import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireBuilt, runXcap, workspace, xcapBin, type Workspace } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const children: ChildProcessWithoutNullStreams[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

interface Serve {
  readonly child: ChildProcessWithoutNullStreams;
  readonly ws: Workspace;
  stderr(): string;
  send(message: object): void;
  /** Waits for the answer line with `id` (10 s). */
  answer(id: number): Promise<{ id: number; result?: Record<string, unknown>; error?: { code: number; message: string } }>;
  exited: Promise<{ code: number | null; at: number }>;
}

/** `xcap serve` on raw pipes, initialized on the legacy era. */
async function serve(extraArgs: readonly string[] = [], env: Record<string, string> = {}): Promise<Serve> {
  const ws = await workspace();
  folders.push(ws.root);
  const child = spawn(process.execPath, [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, ...extraArgs], {
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', ...env },
  });
  children.push(child);
  let stderr = '';
  let buffer = '';
  const answers = new Map<number, unknown>();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const answer = JSON.parse(buffer.slice(0, end)) as { id: number };
      buffer = buffer.slice(end + 1);
      answers.set(answer.id, answer);
    }
  });
  child.stdout.on('error', () => undefined);
  child.stdin.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('close', (code) => resolve({ code, at: Date.now() })));
  const send = (message: object) => void child.stdin.write(`${JSON.stringify(message)}\n`);
  const answer = async (id: number) => {
    const deadline = Date.now() + 10_000;
    while (!answers.has(id)) {
      if (Date.now() > deadline) throw new Error(`no answer to ${id}; stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return answers.get(id) as Awaited<ReturnType<Serve['answer']>>;
  };
  const served: Serve = { child, ws, stderr: () => stderr, send, answer, exited };
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bounds', version: '1' } },
  });
  await answer(0);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return served;
}

/** CPU seconds (user + system) and peak resident memory (MiB) of a running process, from /proc. */
async function usage(pid: number): Promise<{ cpuSeconds: number; peakMiB: number }> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 'NaN');
  return { cpuSeconds: ticks / 100, peakMiB: hwm / 1024 };
}

/** Writes `bytes` bytes of `fill` to the child's stdin in 1 MiB chunks, honouring backpressure. */
async function writeBytes(child: ChildProcessWithoutNullStreams, bytes: number, prefix: string): Promise<void> {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  child.stdin.write(prefix);
  for (let left = bytes - prefix.length; left > 0; left -= chunk.length) {
    if (!child.stdin.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
}

describe('xcap serve: input bounds on stdio', () => {
  it('a 17 MiB line is discarded with one stderr line and answered -32600 (its id read cheaply); a ping after it is still answered', async () => {
    const s = await serve();
    await writeBytes(s.child, 17 * 1024 * 1024, '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"photos__list","arguments":{"pad":"');
    s.child.stdin.write('"}}}\n');
    expect((await s.answer(7)).error).toEqual({
      code: -32600,
      message: `Request too large: ${17 * 1024 * 1024 + 4} bytes, over the 16777216-byte message limit`,
    });
    s.send({ jsonrpc: '2.0', id: 8, method: 'ping' });
    expect((await s.answer(8)).result).toEqual({});
    expect(s.stderr().match(/discarded an input line/g)).toHaveLength(1);
    s.child.stdin.end();
    expect((await s.exited).code).toBe(0);
    expect(JSON.parse((await runXcap(['audit', '--json', '--data', s.ws.data])).stdout)).toEqual([]);
  });

  it('48 MiB without a newline: read in linear time and bounded memory, then the next line is served', async () => {
    const s = await serve();
    const before = await usage(s.child.pid ?? 0);
    const started = performance.now();
    await writeBytes(s.child, 48 * 1024 * 1024, '');
    s.child.stdin.write('\n');
    s.send({ jsonrpc: '2.0', id: 9, method: 'ping' });
    expect((await s.answer(9)).result).toEqual({});
    const seconds = (performance.now() - started) / 1000;
    const after = await usage(s.child.pid ?? 0);
    const cpu = after.cpuSeconds - before.cpuSeconds;
    console.log(
      `48 MiB without newline: ${seconds.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU, peak RSS ${after.peakMiB.toFixed(0)} MiB (before ${before.peakMiB.toFixed(0)} MiB)`,
    );
    expect(cpu).toBeLessThan(5);
    // At most one message's worth (16 MiB) is ever held, plus the runtime's own.
    expect(after.peakMiB - before.peakMiB).toBeLessThan(120);
    expect(s.stderr()).toContain(`discarded an input line of ${48 * 1024 * 1024} bytes`);
  });

  it('the client closing stdout ends xcap serve with exactly one stderr line and exit 1, no stack trace', async () => {
    const s = await serve();
    const startLines = s
      .stderr()
      .split('\n')
      .filter((l) => l !== '').length;
    s.child.stdout.destroy();
    for (let id = 1; id <= 20; id++) s.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'photos__list', arguments: {} } });
    const { code } = await s.exited;
    const lines = s
      .stderr()
      .split('\n')
      .filter((l) => l !== '');
    expect(code).toBe(1);
    expect(lines.slice(startLines)).toEqual([
      expect.stringMatching(/^xcap: serve: the client closed the output \(EPIPE\); answers still due could not be written$/),
    ]);
  });

  it('SIGTERM during a slow lp: after the 10 s grace the lp is stopped, the call is answered and audited, exit 0 within grace + 2 s', async () => {
    const bin = join((await workspace()).root, 'bin');
    folders.push(join(bin, '..'));
    await mkdir(bin);
    const lp = join(bin, 'lp');
    await writeFile(lp, '#!/bin/sh\ncat > /dev/null\nsleep 60\n');
    await chmod(lp, 0o755);
    const s = await serve(['--foreground'], { PATH: `${bin}:${process.env.PATH ?? ''}` });
    s.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'print__pdf', arguments: { title: 'x', blocks: [{ text: 'hi' }] } } });
    const pdf = (await s.answer(1)).result as { structuredContent: { file: { fileId: string } } };
    s.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'print__print', arguments: { fileId: pdf.structuredContent.file.fileId } } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const termAt = Date.now();
    s.child.kill('SIGTERM');
    const { code, at } = await s.exited;
    const answer = await s.answer(2);
    expect(code).toBe(0);
    expect(answer.result?.['isError']).toBe(true);
    expect(at - termAt).toBeLessThan(12_000);
    expect(s.stderr()).toContain('stopped 1 provider command(s)');
    const rows = JSON.parse((await runXcap(['audit', '--json', '--data', s.ws.data])).stdout) as { tool: string; status: string }[];
    expect(rows.map((r) => r.tool)).toEqual(['print__print', 'print__pdf']);
    console.log(`SIGTERM during lp: exit after ${at - termAt} ms; answer ${JSON.stringify(answer.result?.['content'])}`);
  }, 30_000);
});
