import { Client, SdkHttpError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { errorOf } from '@xcap/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore } from '@xcap/tokens';
import { mcpPostRequest } from './mcp-post-request.js';
import { createHttpHandler, loopbackHosts, type HttpHandlerOptions, type XcapHttpHandler } from '../../src/index.js';
import { echoServerFactory, type EchoControl } from './echo-server.js';

const base = 'http://127.0.0.1:7777';
const url = `${base}/mcp`;
const handlers: XcapHttpHandler[] = [];

afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
});

async function setup(overrides: Partial<HttpHandlerOptions> = {}) {
  const tokens = new MemoryTokenStore();
  await tokens.add('alice', 'alice-secret-token');
  await tokens.add('bob', 'bob-secret-token');
  const control: EchoControl = { hold: async () => undefined, made: [] };
  const handler = createHttpHandler({ server: echoServerFactory(control), tokens, allowedHosts: loopbackHosts(7777), ...overrides });
  handlers.push(handler);
  return { tokens, control, handler };
}

function client(handler: XcapHttpHandler, token: string, era: 'legacy' | 'modern'): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('host', '127.0.0.1:7777');
      return handler.fetch(request);
    },
  });
  const made = new Client({ name: 'test', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  return { client: made, transport };
}

async function callEcho(handler: XcapHttpHandler, token: string, era: 'legacy' | 'modern', text: string): Promise<string> {
  const { client: made, transport } = client(handler, token, era);
  await made.connect(transport);
  try {
    const result = await made.callTool({ name: 'echo', arguments: { text } });
    return (result.content as { text: string }[])[0]?.text ?? '';
  } finally {
    await made.close();
  }
}

const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

function post(headers: Record<string, string>, body: string | ReadableStream<Uint8Array> = rpc, path = '/mcp'): Request {
  return mcpPostRequest(`${base}${path}`, body, headers);
}

describe('createHttpHandler', () => {
  it('serves both eras with the official v2 client and names the token as the client', async () => {
    const { handler, control } = await setup();
    expect(await callEcho(handler, 'alice-secret-token', 'legacy', 'one')).toBe('token:alice legacy one');
    expect(await callEcho(handler, 'bob-secret-token', 'modern', 'two')).toBe('token:bob modern two');
    expect(control.made.map((made) => made.token?.name)).toContain('bob');
  });

  it('answers 401 with WWW-Authenticate: Bearer without a token, with a wrong one and with a revoked one', async () => {
    const { handler, tokens, control } = await setup();
    const missing = await handler.fetch(post({}));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    const notBearer = await handler.fetch(post({ authorization: 'Basic YWxpY2U6eA==' }));
    expect(notBearer.status).toBe(401);
    const wrong = await handler.fetch(post({ authorization: 'Bearer alice-secret-tokeN' }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await handler.fetch(post({ authorization: 'Bearer alice-secret-token' }))).status).toBe(200);
    await tokens.revoke('alice');
    const revoked = await handler.fetch(post({ authorization: 'Bearer alice-secret-token' }));
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(control.made).toHaveLength(1);
    await expect(callEcho(handler, 'alice-secret-token', 'modern', 'x')).rejects.toThrow(errorOf(SdkHttpError, 'requires authorization (HTTP 401)'));
  });

  it('answers 403 for a foreign Origin or Host and serves loopback ones', async () => {
    const { handler } = await setup();
    const auth = { authorization: 'Bearer bob-secret-token' };
    expect((await handler.fetch(post({ ...auth, origin: 'https://evil.example' }))).status).toBe(403);
    expect((await handler.fetch(post({ ...auth, origin: 'null' }))).status).toBe(403);
    expect((await handler.fetch(post({ ...auth, origin: 'http://127.0.0.1.evil.example:7777' }))).status).toBe(403);
    expect((await handler.fetch(post({ ...auth, origin: 'http://localhost:3000' }))).status).toBe(200);
    expect((await handler.fetch(post({ ...auth, origin: 'http://[::1]:5173' }))).status).toBe(200);
    expect((await handler.fetch(post({ ...auth, host: 'evil.example:7777' }))).status).toBe(403);
    expect((await handler.fetch(post({ ...auth, host: '127.0.0.1:7778' }))).status).toBe(403);
    expect((await handler.fetch(post({ ...auth, host: '127.0.0.1' }))).status).toBe(403);
    expect((await handler.fetch(post({ ...auth, host: 'LOCALHOST:7777' }))).status).toBe(200);
    expect((await handler.fetch(post({ ...auth, host: '[::1]:7777' }))).status).toBe(200);
    // The locks come before the token: a foreign origin is refused even without one.
    expect((await handler.fetch(post({ origin: 'https://evil.example' }))).status).toBe(403);
  });

  it('answers a CORS preflight from an allowed origin before the token (204); its actual answers carry Allow-Origin; a foreign one gets 403', async () => {
    const { handler, control } = await setup({ allowedOrigins: ['app.example'] });
    const preflight = (origin: string, path = '/mcp') =>
      handler.fetch(
        new Request(`${base}${path}`, {
          method: 'OPTIONS',
          headers: { host: '127.0.0.1:7777', origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
        }),
      );
    for (const origin of ['http://localhost:5173', 'https://app.example']) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(204);
      expect(Object.fromEntries([...answer.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'))).toEqual({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'POST, GET, DELETE',
        'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version, mcp-session-id, last-event-id',
        'access-control-expose-headers': 'mcp-session-id, WWW-Authenticate',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    expect((await preflight('https://evil.example')).status).toBe(403);
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('http://localhost:5173', '/other')).status).toBe(404);
    expect(control.made).toHaveLength(0);
    // The actual requests of that page: refused or answered, the browser may read them.
    for (const headers of [{}, { authorization: 'Bearer bob-secret-token' }] as Record<string, string>[]) {
      const answer = await handler.fetch(post({ ...headers, origin: 'http://localhost:5173' }));
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(answer.headers.get('access-control-expose-headers')).toBe('mcp-session-id, WWW-Authenticate');
      expect(answer.headers.get('vary')).toBe('Origin');
      await answer.text();
    }
    // No Origin (an agent that is not a browser): no CORS headers.
    const plain = await handler.fetch(post({ authorization: 'Bearer bob-secret-token' }));
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    await plain.text();
  });

  it('tells the caller when a request passed the bearer check (context.authenticated), before its answer; never for a refused one', async () => {
    const { handler, tokens } = await setup();
    const told: string[] = [];
    const ask = async (name: string, headers: Record<string, string>) => {
      const answer = await handler.fetch(post(headers), { authenticated: () => told.push(name) });
      await answer.text();
      return answer.status;
    };
    expect(await ask('none', {})).toBe(401);
    expect(await ask('wrong', { authorization: 'Bearer wrong' })).toBe(401);
    expect(await ask('foreign', { authorization: 'Bearer bob-secret-token', origin: 'https://evil.example' })).toBe(403);
    expect(await ask('bob', { authorization: 'Bearer bob-secret-token' })).toBe(200);
    await tokens.revoke('bob');
    expect(await ask('revoked', { authorization: 'Bearer bob-secret-token' })).toBe(401);
    expect(told).toEqual(['bob']);
  });

  it('a context.authenticated that throws is reported; the request is still answered', async () => {
    const errors: Error[] = [];
    const { handler } = await setup({ onerror: (error) => errors.push(error) });
    const answer = await handler.fetch(post({ authorization: 'Bearer alice-secret-token' }), {
      authenticated: () => {
        throw new Error('listener broke');
      },
    });
    expect(answer.status).toBe(200);
    await answer.text();
    expect(errors.map((error) => error.message)).toEqual(['listener broke']);
  });

  it('answers 404 off the endpoint', async () => {
    const { handler } = await setup();
    expect((await handler.fetch(post({ authorization: 'Bearer bob-secret-token' }, rpc, '/other'))).status).toBe(404);
  });

  it('answers 413 for a 5 MiB body, whether or not Content-Length says so', async () => {
    const { handler, control } = await setup();
    const big = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}`;
    const declared = await handler.fetch(post({ authorization: 'Bearer bob-secret-token' }, big));
    expect(declared.status).toBe(413);
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 80) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await handler.fetch(post({ authorization: 'Bearer bob-secret-token' }, stream));
    expect(streamed.status).toBe(413);
    // It stopped reading just past 4 MiB (64 chunks), not at the end of the 5 MiB.
    expect(pulled).toBeLessThan(70);
    expect(handler.inFlight).toBe(0);
    expect(control.made).toHaveLength(0);
    // Just under the limit still reaches the server.
    const fits = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(4 * 1024 * 1024 - 200)}"}}`;
    expect((await handler.fetch(post({ authorization: 'Bearer bob-secret-token' }, fits))).status).toBe(200);
  });

  it('answers 500 and reports when the token store throws', async () => {
    const errors: Error[] = [];
    const { handler } = await setup({ tokens: { verify: () => Promise.reject(new Error('tokens.json: broken')) }, onerror: (error) => errors.push(error) });
    expect((await handler.fetch(post({ authorization: 'Bearer x' }))).status).toBe(500);
    expect(errors.map((error) => error.message)).toEqual(['tokens.json: broken']);
  });

  it('keeps serving other tokens while one floods it', async () => {
    const { handler, control } = await setup({ maxInFlight: 4, maxInFlightPerToken: 2, maxQueuedPerToken: 40 });
    const held: (() => void)[] = [];
    control.hold = (context, args) =>
      context.token?.name === 'alice' && args['text'] !== 'quick' ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve();
    // Each answer is read as soon as it comes, as the Node listener does (a slot is held until the body is sent).
    const call = async (token: string, id: number, text: string) => {
      const response = await handler.fetch(
        post({ authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } })),
      );
      return { status: response.status, text: await response.text() };
    };
    const flood = Array.from({ length: 40 }, (_, index) => call('alice-secret-token', index, `flood ${index}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handler.inFlight).toBe(2);
    const bob = await Promise.race([call('bob-secret-token', 100, 'hello'), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(bob?.status).toBe(200);
    expect(bob?.text).toContain('token:bob legacy hello');
    // One more than alice's queue holds is refused at once with 503.
    const extra = Array.from({ length: 12 }, (_, index) => call('alice-secret-token', 200 + index, 'quick'));
    // 38 of alice's wait already: 2 more fit in her queue of 40, the other 10 are refused at once.
    const settled = await Promise.all(
      extra.map((answer) =>
        Promise.race([answer.then((response) => response.status), new Promise<string>((resolve) => setTimeout(() => resolve('waiting'), 200))]),
      ),
    );
    expect(settled.filter((status) => status === 503)).toHaveLength(10);
    expect(settled.filter((status) => status === 'waiting')).toHaveLength(2);
    const done = Promise.all(flood);
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      held.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const answers = await done;
    expect(answers.map((answer, index) => answer.text.includes(`flood ${index}`))).toEqual(Array(40).fill(true));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    expect((await Promise.all(extra)).filter((answer) => answer.status === 200)).toHaveLength(2);
  });
});
