/**
 * Over Streamable HTTP, a client that gives up on a tools/call (the v2
 * client aborting its fetch) ends the sheet the call waits on at once,
 * with its audit row.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest } from '@xcap/call';
import { MemoryTokenStore } from '@xcap/tokens';
import { createHttpHandler, loopbackHosts, mountCallPath, type XcapHttpHandler } from '../../src/index.js';
import { testCallPath } from '../support/test-call-path.js';

const handlers: XcapHttpHandler[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  for (const handler of handlers.splice(0)) await handler.close();
});

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(test()).toBe(true);
}

describe.each(['legacy', 'modern'] as const)('HTTP, %s era: the client’s cancel ends a waiting sheet', (era) => {
  it('the sheet’s signal aborts at once and the call’s row is denied/consentNeeded; a late allow writes nothing', async () => {
    const asked: ConsentRequest[] = [];
    let late: ((reply: ConsentReply) => void) | undefined;
    const host = testCallPath((request) => {
      asked.push(request);
      return new Promise<ConsentReply>((resolve) => (late = resolve));
    });
    const tokens = new MemoryTokenStore();
    await tokens.add('alice', 'alice-secret-token');
    const handler = createHttpHandler({
      tokens,
      allowedHosts: loopbackHosts(7777),
      server: ({ era: served, client, refusals }) => {
        const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
        mountCallPath(server, host.callPath, { era: served, clientId: client, foreground: true, refusals });
        return server;
      },
    });
    handlers.push(handler);
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:7777/mcp'), {
      requestInit: { headers: { authorization: 'Bearer alice-secret-token' } },
      fetch: (input, init) => {
        const request = new Request(input, init);
        request.headers.set('host', '127.0.0.1:7777');
        return handler.fetch(request);
      },
    });
    const client = new Client({ name: 'agent', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
    await client.connect(transport);
    clients.push(client);
    const cancel = new AbortController();
    const call = client.callTool({ name: 'photos__list', arguments: {} }, { signal: cancel.signal }).catch((error: unknown) => error);
    await until(() => asked.length === 1);
    const started = performance.now();
    cancel.abort();
    expect(await call).toBeInstanceOf(Error);
    await until(() => host.audit.rows.length === 1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(asked[0]?.signal.aborted).toBe(true);
    expect(host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`)).toEqual(['denied/consentNeeded']);
    late?.('allow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });
});
