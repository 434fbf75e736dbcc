import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { realTimers } from '@xcap/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionGuard } from '../../src/node/connection-guard.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
});

/**
 * A server of 3 connections whose requests say `authenticated` when their
 * path starts with `/token` and answer when the test lets them (`answer(path)`).
 */
async function guarded() {
  const server: Server = createServer();
  const waiting = new Map<string, () => void>();
  const guard = new ConnectionGuard(server, { maxConnections: 3, firstByteTimeoutMs: 60_000, firstHeadersTimeoutMs: 60_000, timers: realTimers });
  server.on('request', (request, response) => {
    void guard.check(request.socket, async (authenticated) => {
      if (request.url?.startsWith('/token') === true) authenticated();
      await new Promise<void>((resolve) => waiting.set(request.url ?? '', resolve));
      response.end('done');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () => void server.close(),
    () => server.closeAllConnections(),
  );
  const port = (server.address() as AddressInfo).port;
  /** Opens a connection (and sends a request on `path` when given); resolves once the server counts it. */
  const open = async (path?: string): Promise<{ socket: Socket; closed: () => boolean }> => {
    const before = guard.open;
    const socket = connect(port, '127.0.0.1');
    let closed = false;
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = true));
    cleanup.push(() => void socket.destroy());
    if (path !== undefined) socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
    await expect.poll(() => guard.open >= Math.min(before + 1, 3) || closed).toBe(true);
    if (path !== undefined) await expect.poll(() => waiting.has(path)).toBe(true);
    return { socket, closed: () => closed };
  };
  const answer = (path: string) => waiting.get(path)?.();
  const waitingFor = (path: string) => waiting.has(path);
  return { guard, open, answer, waitingFor };
}

describe('ConnectionGuard', () => {
  it('at the limit, a new connection closes the oldest one without a token; once every one has a token, the new one is closed', async () => {
    const { guard, open, answer, waitingFor } = await guarded();
    const idle = await open();
    const holder = await open('/token-1');
    answer('/token-1');
    const second = await open();
    expect(guard.open).toBe(3);
    const third = await open();
    await expect.poll(() => idle.closed()).toBe(true);
    expect([holder.closed(), second.closed(), third.closed()]).toEqual([false, false, false]);
    const fourth = await open();
    await expect.poll(() => second.closed()).toBe(true);
    expect([holder.closed(), third.closed(), fourth.closed()]).toEqual([false, false, false]);
    expect(guard.open).toBe(3);
    // third and fourth make an authenticated request too: now the new connection is the one closed.
    for (const [connection, path] of [
      [third, '/token-3'],
      [fourth, '/token-4'],
    ] as const) {
      connection.socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
      await expect.poll(() => guard.open === 3 && waitingFor(path)).toBe(true);
      answer(path);
    }
    const fifth = await open();
    await expect.poll(() => fifth.closed()).toBe(true);
    expect([holder.closed(), third.closed(), fourth.closed()]).toEqual([false, false, false]);
  });

  it('a connection whose request is being checked is not closed to make room: the next oldest is', async () => {
    const { open } = await guarded();
    const checking = await open('/slow');
    const idle = await open();
    await open();
    await open();
    await expect.poll(() => idle.closed()).toBe(true);
    expect(checking.closed()).toBe(false);
  });

  it('closes a new connection that sends no byte within firstByteTimeoutMs, or no whole request head within firstHeadersTimeoutMs', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    new ConnectionGuard(server, { maxConnections: 8, firstByteTimeoutMs: 100, firstHeadersTimeoutMs: 300, timers: realTimers });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(
      () => void server.close(),
      () => server.closeAllConnections(),
    );
    const port = (server.address() as AddressInfo).port;
    const lifetime = (first: string) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const socket = connect(port, '127.0.0.1', () => first !== '' && socket.write(first));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(performance.now() - started));
        const cut = setTimeout(() => socket.destroy(), 2_000);
        cleanup.push(() => (clearTimeout(cut), socket.destroy()));
      });
    const [idle, partial, whole] = await Promise.all([lifetime(''), lifetime('GET / HTTP/1.1\r\nhost: x\r\n'), lifetime('GET / HTTP/1.1\r\nhost: x\r\n\r\n')]);
    expect(idle).toBeGreaterThanOrEqual(90);
    expect(idle).toBeLessThan(290);
    expect(partial).toBeGreaterThanOrEqual(290);
    expect(partial).toBeLessThan(1_500);
    // A whole request head in time: served, and kept open (cut by the test at 2 s).
    expect(whole).toBeGreaterThanOrEqual(1_900);
  });
});
