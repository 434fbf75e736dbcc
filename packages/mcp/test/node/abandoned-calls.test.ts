/**
 * Over real HTTP (node:http, `fetchListener`), calls whose client gave up
 * free their in-flight slots at once: 10 calls of one token wait on consent
 * sheets (8 hold the token's slots, 2 queue), their client aborts every
 * fetch (the connection closes), and the token's next call is answered at
 * once, not after the 30 s queue wait.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentRequest } from '@xcap/call';
import { MemoryTokenStore } from '@xcap/tokens';
import { createHttpHandler, loopbackHosts, mountCallPath, type XcapHttpHandler } from '../../src/index.js';
import { fetchListener } from '../../src/node.js';
import { testCallPath } from '../support/test-call-path.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => undefined);
});

async function until(test: () => boolean, ms = 5_000): Promise<void> {
  const end = performance.now() + ms;
  while (!test() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(test()).toBe(true);
}

const callBody = (id: number, name: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });

describe('HTTP: abandoned calls free their slots', () => {
  it('10 calls abandoned by their client (fetch aborted while each waits on a sheet): the token’s next call is answered at once', async () => {
    const open: ConsentRequest[] = [];
    // The person never answers; a sheet ends when its signal aborts (its calls were cancelled).
    const host = testCallPath((request) => {
      open.push(request);
      return new Promise((resolve) => request.signal.addEventListener('abort', () => resolve('dismiss')));
    });
    void host.grants.set('acme.album', 'notifications.post', 'granted');
    const tokens = new MemoryTokenStore();
    await tokens.add('laptop', 'laptop-secret-token');
    const late: { handler?: XcapHttpHandler } = {};
    const server = createServer(
      fetchListener(
        (request) => late.handler?.fetch(request) ?? Promise.resolve(new Response(null, { status: 503 })),
        'http://127.0.0.1',
        () => undefined,
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const handler = createHttpHandler({
      tokens,
      allowedHosts: loopbackHosts(port),
      maxInFlightPerToken: 8,
      server: ({ era, client, refusals }) => {
        const mcp = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
        mountCallPath(mcp, host.callPath, { era, clientId: client, foreground: true, refusals });
        return mcp;
      },
    });
    late.handler = handler;
    closers.push(
      () => handler.close(),
      () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
    );
    const post = (id: number, name: string, signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}/mcp`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer laptop-secret-token',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: callBody(id, name),
        ...(signal === undefined ? {} : { signal }),
      });
    const give = new AbortController();
    const abandoned = Array.from({ length: 10 }, (_, i) => post(i + 1, 'photos__list', give.signal).catch((error: unknown) => error));
    // 8 calls hold the token's slots (one sheet they share: same scope, agent and arguments), 2 wait for a slot.
    await until(() => open.length >= 1 && handler.inFlight === 8);
    give.abort();
    for (const each of await Promise.all(abandoned)) expect(each).toBeInstanceOf(Error);
    const started = performance.now();
    const next = await post(11, 'notifications__post');
    const text = await next.text();
    expect(next.status).toBe(200);
    expect(text).toContain('"id":11');
    expect(performance.now() - started).toBeLessThan(2_000);
    await until(() => handler.inFlight === 0);
    await until(() => open.every((sheet) => sheet.signal.aborted));
    // Every call that reached the call path has its row; none is ok.
    expect(host.audit.rows.filter((r) => r.tool === 'photos_list').every((r) => r.status === 'denied')).toBe(true);
  });
});
