import { Server } from '@modelcontextprotocol/server';
import { argsHash } from '@xcap/audit';
import { MemoryTokenStore } from '@xcap/tokens';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpHandler, loopbackHosts, mountCallPath, type XcapHttpHandler } from '../../src/index.js';
import { loopbackPost } from '../support/loopback-post.js';
import { testCallPath } from '../support/test-call-path.js';

const handlers: XcapHttpHandler[] = [];
afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
});

const post = (token: string, body: string | ReadableStream<Uint8Array>) => loopbackPost(token, body, { 'mcp-protocol-version': '2025-11-25' });

const listCall = (id: number, limit: number) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'photos__list', arguments: { limit } } });

describe('createHttpHandler: a token revoked while its requests wait for a slot', () => {
  it('its queued requests are refused 401 invalid_token when they leave the gate, each tools/call with its row; another token is served', async () => {
    const host = testCallPath();
    host.grants.set('acme.album', 'photos.read', 'granted');
    const tokens = new MemoryTokenStore();
    await tokens.add('alice', 'alice-secret-token');
    await tokens.add('bob', 'bob-secret-token');
    const handler = createHttpHandler({
      tokens,
      allowedHosts: loopbackHosts(7777),
      maxInFlight: 1,
      maxInFlightPerToken: 1,
      server: ({ era, client, refusals }) => {
        const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
        mountCallPath(server, host.callPath, { era, clientId: client, refusals });
        return server;
      },
    });
    handlers.push(handler);
    // The one slot is held by a request whose body is still arriving.
    let finish: () => void = () => undefined;
    const held = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('"method":"tools/list","params":{}}'));
          controller.close();
        };
      },
    });
    // Each answer is read as soon as it comes, as the Node listener does (a slot is held until the body is sent).
    const read = (request: Request) =>
      handler.fetch(request).then(async (answer) => ({ status: answer.status, challenge: answer.headers.get('www-authenticate'), text: await answer.text() }));
    const first = read(post('alice-secret-token', held));
    await expect.poll(() => handler.inFlight).toBe(1);
    const queued = Array.from({ length: 5 }, (_, index) => read(post('alice-secret-token', listCall(10 + index, index + 1))));
    const other = read(post('bob-secret-token', listCall(20, 2)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handler.inFlight).toBe(1);
    await tokens.revoke('alice');
    finish();
    expect((await first).status).toBe(200);
    const answers = await Promise.all(queued);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.map((answer) => answer.challenge)).toEqual(Array(5).fill('Bearer realm="xcap", error="invalid_token"'));
    expect((await other).status).toBe(200);
    expect(handler.inFlight).toBe(0);
    const rows = host.audit.rows.map((row) => [row.clientId, row.tool, row.status, row.error, row.argsHash]);
    // One row each, in whatever order they left the gate (the first to take the freed slot may write its row last).
    const byHash = (a: readonly unknown[], b: readonly unknown[]) => String(a[4]).localeCompare(String(b[4]));
    expect(rows.filter((row) => row[0] === 'token:alice').sort(byHash)).toEqual(
      Array.from({ length: 5 }, (_, index) => ['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: index + 1 })]).sort(byHash),
    );
    expect(rows.filter((row) => row[0] === 'token:bob')).toEqual([['token:bob', 'photos__list', 'ok', null, argsHash({ limit: 2 })]]);
  });
});
