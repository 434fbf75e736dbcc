import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { FileTokenStore, tokenFilePath } from '@xcap/store-local';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp, type HttpServe } from '../../src/mcp/serve-http.js';
import { httpManifest, httpWorkspace, rawMcpPost } from './http-workspace.js';

// A real server and real sockets on a loaded 2-core machine: each test runs a few seconds of flood.
vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Small limits, so a flood of 16 sockets fills the server and idle or slow ones are cut after 300 ms (no byte) or 600 ms (no whole head). */
const limits = { maxConnections: 16, firstByteTimeoutMs: 300, firstHeadersTimeoutMs: 600, headersTimeoutMs: 600 };

async function serving(): Promise<{ serve: HttpServe; token: string }> {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  const token = await new FileTokenStore(tokenFilePath(ws.data)).add('agent');
  const serve = await serveHttp({ manifest: httpManifest, dataDir: ws.data, listen: '127.0.0.1:0', log: () => undefined, limits });
  cleanup.push(() => serve.close());
  return { serve, token };
}

/**
 * A tokenless attacker holding `count` connections: each socket does `behave`
 * once connected, and is opened again as soon as the server closes it.
 * Resolves once all `count` are connected.
 */
async function attacker(port: number, count: number, behave: (socket: Socket) => void): Promise<{ reopened: () => number }> {
  let running = true;
  let reopened = 0;
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.once('connect', () => {
        behave(socket);
        resolve();
      });
      socket.once('close', () => {
        if (!running) return;
        reopened++;
        void open();
      });
      cleanup.push(() => void socket.destroy());
    });
  cleanup.push(() => void (running = false));
  await Promise.all(Array.from({ length: count }, open));
  return { reopened: () => reopened };
}

/**
 * One tools/list POST on a fresh connection (`Connection: close`), or on
 * `agent`'s kept-alive one: its status, or 0 when it failed or got no answer
 * within 2 s; `reused` says whether it went on a connection opened before.
 */
function oneRequest(port: number, token: string, agent?: Agent): Promise<number> {
  return oneExchange(port, token, agent).then((exchange) => exchange.status);
}

function oneExchange(port: number, token: string, agent?: Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve) => {
    const headers = { host: `127.0.0.1:${port}`, connection: agent === undefined ? 'close' : 'keep-alive', authorization: `Bearer ${token}` };
    const request = rawMcpPost(port, headers, { agent: agent ?? false, timeout: 2_000 });
    const settle = (status: number) => resolve({ status, reused: request.reusedSocket });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => settle(response.statusCode ?? 0));
      response.on('error', () => settle(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => settle(0));
  });
}

/** The statuses of 15 requests sent one after the other. */
async function fifteenInTurn(port: number, token: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < 15; index++) statuses.push(await oneRequest(port, token));
  return statuses;
}

describe('serveHttp: a tokenless flood of connections cannot lock a token holder out', () => {
  it('16 idle sockets (no byte sent), each reopened when closed: a token holder still gets >= 12 of 15 requests answered', async () => {
    const { serve, token } = await serving();
    const flood = await attacker(serve.address.port, 16, () => undefined);
    const statuses = await fifteenInTurn(serve.address.port, token);
    expect(statuses.filter((status) => status === 200).length, `statuses ${statuses.join(' ')}`).toBeGreaterThanOrEqual(12);
    // The flood really went on: its sockets were closed and reopened.
    expect(flood.reopened()).toBeGreaterThan(16);
  });

  it('16 slowloris sockets (one header line every 100 ms, never done), each reopened when closed: >= 12 of 15 answered', async () => {
    const { serve, token } = await serving();
    const flood = await attacker(serve.address.port, 16, (socket) => {
      socket.write(`POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${serve.address.port}\r\n`);
      const drip = setInterval(() => (socket.writable ? socket.write('x-slow: 1\r\n') : clearInterval(drip)), 100);
      socket.once('close', () => clearInterval(drip));
    });
    const statuses = await fifteenInTurn(serve.address.port, token);
    expect(statuses.filter((status) => status === 200).length, `statuses ${statuses.join(' ')}`).toBeGreaterThanOrEqual(12);
    expect(flood.reopened()).toBeGreaterThan(16);
  });

  it('a kept-alive connection that made an authenticated request is never closed to make room for the flood', async () => {
    const { serve, token } = await serving();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanup.push(() => agent.destroy());
    expect(await oneExchange(serve.address.port, token, agent)).toEqual({ status: 200, reused: false });
    const flood = await attacker(serve.address.port, 16, () => undefined);
    await expect.poll(() => flood.reopened(), { timeout: 5_000 }).toBeGreaterThan(16);
    // Every later request goes on that first connection: the flood never closed it.
    for (let index = 0; index < 5; index++) expect(await oneExchange(serve.address.port, token, agent)).toEqual({ status: 200, reused: true });
  });

  it('an idle connection is closed after firstByteTimeoutMs, a slow first head after firstHeadersTimeoutMs (node checks headersTimeout seldom)', async () => {
    const { serve } = await serving();
    const lifetime = (behave: (socket: Socket) => void) =>
      new Promise<number>((resolve) => {
        const started = Date.now();
        const socket = connect(serve.address.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.once('connect', () => behave(socket));
        socket.once('close', () => resolve(Date.now() - started));
        // Still open after 3 s: cut here (the answer is then 3 s or more).
        setTimeout(() => socket.destroy(), 3_000).unref();
        cleanup.push(() => void socket.destroy());
      });
    const [idle, slow] = await Promise.all([
      lifetime(() => undefined),
      lifetime((socket) => {
        socket.write('POST /mcp HTTP/1.1\r\n');
        const drip = setInterval(() => (socket.writable ? socket.write('x-slow: 1\r\n') : clearInterval(drip)), 50);
        socket.once('close', () => clearInterval(drip));
      }),
    ]);
    expect(idle).toBeGreaterThanOrEqual(250);
    expect(idle).toBeLessThan(550);
    expect(slow).toBeGreaterThanOrEqual(550);
    expect(slow).toBeLessThan(1_500);
  });
});
