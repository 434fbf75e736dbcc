import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchListener } from '../../src/node.js';
import { sendBodyAfterAnswer, type EarlyAnswer } from '@xcap/test-support';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Serves `fetch` through `fetchListener` on a free loopback port. */
async function listen(fetch: (request: Request) => Promise<Response>, errors: Error[] = []): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  server.on(
    'request',
    fetchListener(fetch, `http://127.0.0.1:${port}`, (error) => errors.push(error)),
  );
  return port;
}

/** One raw HTTP/1.1 exchange: writes `head` (and `body`), reads until the server ends the connection. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.end(text);
  });
}

/** A POST whose answer comes before its body was sent: sends the rest only after the whole answer arrived; resolves with the status once the server ends the connection. */
function sendAfterAnswer(port: number, bodyBytes: number): Promise<EarlyAnswer> {
  return sendBodyAfterAnswer(
    port,
    ['POST /mcp HTTP/1.1', `host: 127.0.0.1:${port}`, `content-length: ${bodyBytes}`, 'connection: close', '', ''].join('\r\n'),
    1024,
    bodyBytes,
  );
}

describe('fetchListener', () => {
  it('hands the handler the origin + path, every header (the one Node keeps as a list, set-cookie, item by item) and the body as a stream; streams the answer back', async () => {
    let seen: { url: string; method: string; host: string | null; many: string[]; body: string } | undefined;
    const port = await listen(async (request) => {
      seen = { url: request.url, method: request.method, host: request.headers.get('host'), many: request.headers.getSetCookie(), body: await request.text() };
      return new Response(
        new ReadableStream({
          start: (controller) => (
            controller.enqueue(new TextEncoder().encode('one,')),
            controller.enqueue(new TextEncoder().encode('two')),
            controller.close()
          ),
        }),
        { status: 201, headers: { 'x-answer': 'yes' } },
      );
    });
    const answer = await new Promise<{ status: number | undefined; header: unknown; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: '/mcp?q=1', headers: { host: 'example.test:1', 'set-cookie': ['a=1', 'b=2'] } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode, header: res.headers['x-answer'], body }));
        },
      );
      req.on('error', reject);
      req.end('{"hello":1}');
    });
    expect(answer).toEqual({ status: 201, header: 'yes', body: 'one,two' });
    expect(seen).toEqual({ url: `http://127.0.0.1:${port}/mcp?q=1`, method: 'POST', host: 'example.test:1', many: ['a=1', 'b=2'], body: '{"hello":1}' });
  });

  it('a GET has no body', async () => {
    let body: ReadableStream | null | undefined;
    const port = await listen(async (request) => ((body = request.body), new Response(null, { status: 204 })));
    const answer = await raw(port, `GET /mcp HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 204')).toBe(true);
    expect(body).toBeNull();
  });

  it('an early refusal reaches a client still sending its body, whole and with its length, and the connection is not reset (lingering close)', async () => {
    const refusal = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Payload too large' }, id: null });
    const port = await listen(async () => new Response(refusal, { status: 413, headers: { 'content-type': 'application/json' } }));
    expect(await sendAfterAnswer(port, 2 * 1024 * 1024)).toEqual({ status: 413, body: refusal });
  });

  it('a handler that stops reading the body at its limit still gets its answer out', async () => {
    const port = await listen(async (request) => {
      const reader = (request.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      await reader.cancel();
      return new Response('too big', { status: 413 });
    });
    expect((await sendAfterAnswer(port, 1024 * 1024)).body).toBe('too big');
  });

  it('a handler that throws answers 500 (-32603) and is reported; a request target that is not a path answers 400 (-32600), not reported', async () => {
    const errors: Error[] = [];
    const port = await listen(async () => {
      throw new Error('handler broke');
    }, errors);
    const broken = await raw(port, `GET /mcp HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    expect(broken.startsWith('HTTP/1.1 500')).toBe(true);
    expect(broken).toContain('"code":-32603');
    expect(errors.map((error) => error.message)).toEqual(['handler broke']);
    const absolute = await raw(port, `GET http://elsewhere.test/mcp HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    expect(absolute.startsWith('HTTP/1.1 400')).toBe(true);
    expect(absolute).toContain('"code":-32600');
    expect(absolute).toContain('is not a path');
    expect(errors).toHaveLength(1);
  });

  it('a client that goes away aborts the request signal and cancels the answer body', async () => {
    let aborted: Promise<void> | undefined;
    let cancelled: () => void = () => undefined;
    const cancel = new Promise<void>((resolve) => (cancelled = resolve));
    const port = await listen(async (request) => {
      aborted = new Promise((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
      return new Response(
        new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('data: first\n\n')), cancel: () => cancelled() }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    });
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'GET', path: '/mcp' }, (res) => res.once('data', () => (req.destroy(), resolve())));
      req.on('error', () => undefined);
      req.on('close', () => undefined);
      req.once('timeout', reject);
      req.end();
    });
    await aborted;
    await cancel;
  });
  it('Connection: close holds for a streamed answer too: the socket closes right after its last chunk, whatever Connection the handler set', async () => {
    // The MCP SDK answers an event stream with `Connection: keep-alive`; the client's `Connection: close` still wins.
    const port = await listen(
      async () =>
        new Response(
          new ReadableStream({
            start: (controller) => (controller.enqueue(new TextEncoder().encode('data: {}\n\n')), controller.close()),
          }),
          { headers: { 'content-type': 'text/event-stream', connection: 'keep-alive', 'keep-alive': 'timeout=60' } },
        ),
    );
    const { sinceLastChunk, received } = await new Promise<{ sinceLastChunk: number; received: string }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      let last = 0;
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.endsWith('0\r\n\r\n')) last = performance.now();
      });
      // Still open after 3 s: cut here (the answer is then 3 s or more).
      const cut = setTimeout(() => socket.destroy(), 3_000);
      socket.on('close', () => (clearTimeout(cut), resolve({ sinceLastChunk: performance.now() - last, received: text })));
      socket.write(`POST /mcp HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`);
    });
    expect(received.startsWith('HTTP/1.1 200')).toBe(true);
    expect(sinceLastChunk, 'ms from the last chunk to the socket closing').toBeLessThan(500);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).not.toMatch(/keep-alive/i);
  });
});
