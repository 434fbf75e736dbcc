import { connect, type Socket } from 'node:net';
import { FileTokenStore, tokenFilePath } from '@xcap/store-local';
import type { Timers } from '@xcap/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp, type HttpServe } from '../../src/mcp/serve-http.js';
import { httpManifest, httpWorkspace } from './http-workspace.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** One turn of the real event loop: I/O and promises run, no fake time passes. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Timers whose clock moves only when the test says so (`advance`). */
function manualTimers() {
  let now = 0;
  const due: { at: number; callback: () => void }[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { at: now + ms, callback };
      due.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const index = due.findIndex((timer) => timer === handle);
      if (index >= 0) due.splice(index, 1);
    },
    now: () => now,
  };
  /** Moves the clock on by `ms`, firing the timers that come due in their order, the event loop turning after each. */
  const advance = async (ms: number): Promise<void> => {
    const end = now + ms;
    for (;;) {
      due.sort((a, b) => a.at - b.at);
      const next = due[0];
      if (next === undefined || next.at > end) break;
      due.shift();
      now = next.at;
      next.callback();
      await turn();
    }
    now = end;
    await turn();
  };
  return { timers, advance };
}

/** Serves on the manual clock with one token; opens a POST that holds a slot (its body only half sent) until `finish()`. */
async function servingOneHeldRequest() {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  const tokens = new FileTokenStore(tokenFilePath(ws.data));
  const token = await tokens.add('agent');
  const clock = manualTimers();
  const log: string[] = [];
  const serve: HttpServe = await serveHttp({
    manifest: httpManifest,
    dataDir: ws.data,
    photosDir: ws.photos,
    listen: '127.0.0.1:0',
    log: (line) => log.push(line),
    closeGraceMs: 10_000,
    timers: clock.timers,
  });
  cleanup.push(() => serve.close());
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const socket: Socket = connect(serve.address.port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closedSocket = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const head = [
    'POST /mcp HTTP/1.1',
    `host: 127.0.0.1:${serve.address.port}`,
    `authorization: Bearer ${token}`,
    'content-type: application/json',
    'accept: application/json, text/event-stream',
    'mcp-protocol-version: 2025-11-25',
    `content-length: ${Buffer.byteLength(body)}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head + body.slice(0, 10));
  await expect.poll(() => serve.handler.inFlight).toBe(1);
  return { serve, log, clock, finish: () => socket.write(body.slice(10)), answer: () => received, closedSocket };
}

const warned = (log: readonly string[]) => log.filter((line) => line.includes('still in flight'));

describe('serveHttp close(): the drain runs on the timers it is given', () => {
  it('waits for a request in flight up to closeGraceMs; one that ends in time is answered, no warning', async () => {
    const { serve, log, clock, finish, answer } = await servingOneHeldRequest();
    let closed = false;
    const closing = serve.close().then(() => (closed = true));
    await clock.advance(9_990);
    expect(closed).toBe(false);
    expect(serve.handler.inFlight).toBe(1);
    finish();
    await expect.poll(() => serve.handler.inFlight).toBe(0);
    await expect.poll(() => answer().slice(0, 12)).toBe('HTTP/1.1 200');
    // Nothing more happens until the drain's next look, 10 ms on the given clock.
    await turn();
    expect(closed).toBe(false);
    await clock.advance(10);
    await closing;
    expect(warned(log)).toEqual([]);
  });

  it('a request still in flight after closeGraceMs: one warning naming it, then, 1,500 ms later, every connection is closed', async () => {
    const { serve, log, clock, closedSocket } = await servingOneHeldRequest();
    let closed = false;
    const closing = serve.close().then(() => (closed = true));
    await clock.advance(9_990);
    expect(warned(log)).toEqual([]);
    await clock.advance(10);
    expect(warned(log)).toEqual(['xcap serve: 1 request(s) still in flight after 10000 ms; stopped 0 provider command(s)']);
    await clock.advance(1_490);
    expect(closed).toBe(false);
    await clock.advance(10);
    await closedSocket;
    await closing;
  });
});
