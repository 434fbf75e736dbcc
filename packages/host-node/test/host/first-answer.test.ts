import { spawn } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { MemoryAuditSink } from '@xcap/audit';
import { childEnd, errorOf } from '@xcap/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveStdio } from '../../src/mcp/serve-stdio.js';
import { requireBuilt, xcapBin } from '../e2e/xcap-process.js';
import { httpManifest, httpWorkspace } from '../http/http-workspace.js';

vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'first-answer', version: '1' } },
};
const pdfCall = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'print__pdf', arguments: { title: 'T', blocks: [{ text: 'hi' }] } } };

/** The protocol's lines as the server writes them, by id. */
function answers(stdout: PassThrough): { byId: Map<number, Record<string, unknown>>; next: (id: number) => Promise<Record<string, unknown>> } {
  const byId = new Map<number, Record<string, unknown>>();
  const waiting = new Map<number, (answer: Record<string, unknown>) => void>();
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const answer = JSON.parse(buffer.slice(0, end)) as { id: number } & Record<string, unknown>;
      buffer = buffer.slice(end + 1);
      byId.set(answer.id, answer);
      waiting.get(answer.id)?.(answer);
    }
  });
  return { byId, next: (id) => (byId.has(id) ? Promise.resolve(byId.get(id) ?? {}) : new Promise((resolve) => waiting.set(id, resolve))) };
}

describe('the first answer before the stores', () => {
  it('answers initialize and tools/list while a store is still opening; a tools/call waits for it, then is answered', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const seen = answers(stdout);
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const audit = new MemoryAuditSink();
    const serving = serveStdio({
      manifest: httpManifest,
      dataDir: ws.data,
      foreground: true,
      stdin,
      stdout,
      log: () => undefined,
      // A store that opens only when the test says so (a database still connecting).
      openStores: async () => {
        await opened;
        return { audit };
      },
    });
    const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
    send(initialize);
    expect((await seen.next(1))['result']).toMatchObject({ serverInfo: { name: 'xcap' } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    const listed = (await seen.next(2))['result'] as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['print__pdf', 'print__print']);
    send(pdfCall);
    // The store has not opened: the call is not answered, nothing is audited.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.byId.has(3)).toBe(false);
    expect(audit.rows).toHaveLength(0);
    open();
    const called = (await seen.next(3))['result'] as { isError?: boolean };
    expect(called.isError).not.toBe(true);
    expect(audit.rows.map((row) => row.tool)).toEqual(['print__pdf']);
    const served = await serving;
    cleanup.push(() => served.close());
  });

  it('opens the stores only once its first answer is written (an agent that speaks late), or after 1 s without one', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const seen = answers(stdout);
    let written = 0;
    const write = stdout.write.bind(stdout) as (chunk: string) => boolean;
    stdout.write = ((chunk: string) => {
      written++;
      return write(chunk);
    }) as typeof stdout.write;
    let writtenWhenOpened: number | undefined;
    let openedAt = Number.NaN;
    const startedAt = performance.now();
    const serving = serveStdio({
      manifest: httpManifest,
      dataDir: ws.data,
      foreground: true,
      stdin,
      stdout,
      log: () => undefined,
      openStores: () => {
        writtenWhenOpened = written;
        openedAt = performance.now();
        return Promise.resolve({ audit: new MemoryAuditSink() });
      },
    });
    // The agent speaks 100 ms after the start: the stores have not opened meanwhile, and open right after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writtenWhenOpened).toBeUndefined();
    stdin.write(`${JSON.stringify(initialize)}\n`);
    await seen.next(1);
    const served = await serving;
    cleanup.push(() => served.close());
    expect(writtenWhenOpened).toBe(1);
    // Right after the answer, not at the 1 s fallback.
    expect(openedAt - startedAt).toBeLessThan(800);

    // No request at all: the stores open after 1 s (a store that cannot open still fails the start).
    const quiet = await httpWorkspace();
    cleanup.push(() => quiet.remove());
    const started = performance.now();
    let openedAfterMs: number | undefined;
    const waiting = await serveStdio({
      manifest: httpManifest,
      dataDir: quiet.data,
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      log: () => undefined,
      openStores: () => {
        openedAfterMs = performance.now() - started;
        return Promise.resolve({ audit: new MemoryAuditSink() });
      },
    });
    cleanup.push(() => waiting.close());
    expect(openedAfterMs).toBeGreaterThanOrEqual(900);
  });

  // Issue 35: the Node providers' code loads, and they are built, after the first answer (with the stores); what they
  // provide is known before (nodeProvided). A provider that cannot be built fails the host as a store does.
  it('builds the Node providers after the first answer: a broken notifications state file fails the host then, and no tools/call is answered', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    await mkdir(ws.data, { recursive: true, mode: 0o700 });
    await writeFile(join(ws.data, 'notifications.json'), '{oops');
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const seen = answers(stdout);
    const serving = serveStdio({
      manifest: httpManifest,
      dataDir: ws.data,
      stdin,
      stdout,
      log: () => undefined,
      // A notification service, so `notifications` is provided (and its state file read).
      providerOptions: { notifySend: '/bin/true' },
    });
    serving.catch(() => undefined);
    const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
    const ended = serving.then(
      () => ({ jsonrpc: '2.0', ended: 'serveStdio resolved' }),
      (error: unknown) => ({ jsonrpc: '2.0', ended: String(error) }),
    );
    send(initialize);
    // Built before the first answer, the broken file ended serveStdio before initialize was answered.
    expect(await Promise.race([seen.next(1), ended])).toMatchObject({ id: 1, result: { serverInfo: { name: 'xcap' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    send(pdfCall);
    await expect(serving).rejects.toThrow(errorOf(Error, /notifications\.json: the notifications state file is not JSON/));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.byId.has(3)).toBe(false);
  });

  it('a store that fails to open: serveStdio rejects with its error and the waiting tools/call is never answered', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const seen = answers(stdout);
    let fail: () => void = () => undefined;
    const failing = new Promise<never>((_resolve, reject) => (fail = () => reject(new Error('store: the database refused the connection'))));
    const serving = serveStdio({ manifest: httpManifest, dataDir: ws.data, foreground: true, stdin, stdout, log: () => undefined, openStores: () => failing });
    const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
    send(initialize);
    await seen.next(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send(pdfCall);
    await new Promise((resolve) => setTimeout(resolve, 100));
    fail();
    await expect(serving).rejects.toThrow(errorOf(Error, 'store: the database refused the connection'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.byId.has(3)).toBe(false);
  });
});

describe('xcap serve with an audit database that cannot be opened', () => {
  beforeAll(requireBuilt);

  it('exits 1 with its one line, and answers no tools/call', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    await mkdir(ws.data, { recursive: true, mode: 0o700 });
    await writeFile(join(ws.data, 'audit.sqlite'), Buffer.alloc(4096, 7), { mode: 0o600 });
    const child = spawn(process.execPath, [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--foreground'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    for (const message of [initialize, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, pdfCall])
      child.stdin.write(`${JSON.stringify(message)}\n`);
    const end = await childEnd(child);
    expect(end.code).toBe(1);
    // The start line (printed before the first answer) and its notices, then the store's one line, last.
    const lines = end.stderr.split('\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^xcap serve: app acme\.album, run run-\S+, data /);
    expect(lines.filter((line) => !line.startsWith('xcap serve: '))).toEqual([
      `xcap: audit database ${join(ws.data, 'audit.sqlite')}: is not a usable audit database (file is not a database)`,
    ]);
    expect(lines.at(-1)).toMatch(/^xcap: audit database /);
    const ids = end.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { id?: number }).id);
    expect(ids).not.toContain(3);
  });
});

describe('xcap serve --store with a database that does not answer yet', () => {
  beforeAll(requireBuilt);

  it('answers initialize and tools/list over stdio while the database connects, and no tools/call', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    // Accepts connections and never says a word: a database still starting, or one behind a slow network.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await new Promise<number>((resolve) => silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)));
    cleanup.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const child = spawn(
      process.execPath,
      [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--foreground', '--store', `postgres://xcap@127.0.0.1:${port}/xcap`],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const ended = childEnd(child);
    cleanup.push(async () => {
      child.kill('SIGKILL');
      await ended;
    });
    const stdout = new PassThrough();
    child.stdout.pipe(stdout);
    const seen = answers(stdout);
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    expect((await seen.next(1))['result']).toMatchObject({ serverInfo: { name: 'xcap' } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    const listed = (await seen.next(2))['result'] as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['print__pdf', 'print__print']);
    child.stdin.write(`${JSON.stringify(pdfCall)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.byId.has(3)).toBe(false);
    expect(sockets.length).toBeGreaterThan(0);
  });
});

describe('openingCallPath', () => {
  it('lists tools at once, and a call on a host whose stores failed never settles (the process fails instead)', async () => {
    const { openingCallPath } = await import('../../src/mcp/opening-call-path.js');
    const ready = Promise.reject(new Error('no database'));
    ready.catch(() => undefined);
    let needed = 0;
    const opening = openingCallPath(
      {
        app: { id: 'acme.album', screens: ['albums'], capabilities: [] },
        paths: {} as never,
        provided: ['print'],
        listTools: () => [],
        ready,
      },
      () => needed++,
    );
    expect(opening.callPath.listTools()).toEqual([]);
    expect(opening.callPath.provided).toEqual(['print']);
    // Listing needs no store; a call and a claim each say they need them (a host holding them back opens them now).
    expect(needed).toBe(0);
    const settled = await Promise.race([
      opening.callPath.call({ from: 'agent', name: 'print__pdf', foreground: false, client: 'run-1' }).then(
        () => 'answered',
        () => 'rejected',
      ),
      opening.consentNonces.claim('n', Date.now() + 1000).then(
        () => 'claimed',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 100)),
    ]);
    expect(settled).toBe('pending');
    expect(needed).toBe(2);
  });
});
