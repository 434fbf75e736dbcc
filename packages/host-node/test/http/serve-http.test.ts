import { connect } from 'node:net';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { sendBodyAfterAnswer, errorOf } from '@xcap/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp, type HttpServe, type ServeHttpOptions } from '../../src/mcp/serve-http.js';
import { dataPaths, FileGrantStore, FileTokenStore, tokenFilePath } from '@xcap/store-local';
import { auditRows, hashOf, httpAgent, httpWorkspace, httpManifest, type HttpWorkspace, rawMcpPost } from './http-workspace.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Running {
  readonly ws: HttpWorkspace;
  readonly serve: HttpServe;
  readonly tokens: FileTokenStore;
  readonly log: string[];
}

async function start(options: Partial<ServeHttpOptions> = {}, grant = true): Promise<Running> {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  if (grant) await new FileGrantStore(dataPaths(ws.data).consent).set('acme.album', 'photos.read', 'granted');
  const tokens = new FileTokenStore(tokenFilePath(ws.data));
  const log: string[] = [];
  const serve = await serveHttp({
    manifest: httpManifest,
    dataDir: ws.data,
    photosDir: ws.photos,
    listen: '127.0.0.1:0',
    log: (line) => log.push(line),
    ...options,
  });
  cleanup.push(() => serve.close());
  return { ws, serve, tokens, log };
}

const listed = (result: { structuredContent?: unknown; isError?: boolean }) => {
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as { photos: unknown[] }).photos.length;
};

function statusWithHost(port: number, host: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = rawMcpPost(port, { host, authorization: `Bearer ${token}` });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

function post(
  url: string,
  headers: Record<string, string>,
  body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body,
  });
}

/**
 * A POST refused before its body arrived, spoken on a raw socket: the
 * headers and a first 64 KiB go out, then the client waits for the whole
 * answer (its status line and `Content-Length` bytes), and only then sends
 * the rest of the body. Resolves with the status once the server ended the
 * connection in order; rejects when the connection was reset under the
 * client's writes (EPIPE, ECONNRESET).
 */
async function sendAfterAnswer(port: number, headers: Record<string, string>, bodyBytes: number): Promise<number> {
  const head = [
    `POST /mcp HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'content-type: application/json',
    'accept: application/json, text/event-stream',
    'mcp-protocol-version: 2025-11-25',
    `content-length: ${bodyBytes}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return (await sendBodyAfterAnswer(port, head, 64 * 1024, bodyBytes)).status;
}

describe('xcap serve --http (serveHttp)', () => {
  it('serves both eras to the official v2 client; each call is audited with client token:<name>', async () => {
    const { serve, tokens, ws, log } = await start();
    expect(log[0]).toMatch(new RegExp(`^xcap serve: listening on http://127\\.0\\.0\\.1:${serve.address.port}/mcp, app acme\\.album, `));
    expect(serve.url).toBe(`http://127.0.0.1:${serve.address.port}/mcp`);
    const legacy = await httpAgent(serve.url, await tokens.add('legacy-agent'), 'legacy');
    const modern = await httpAgent(serve.url, await tokens.add('modern-agent'), 'modern');
    cleanup.push(
      () => legacy.close(),
      () => modern.close(),
    );
    expect(legacy.getProtocolEra()).toBe('legacy');
    expect(modern.getProtocolEra()).toBe('modern');
    expect((await legacy.listTools()).tools.map((tool) => tool.name)).toContain('photos__list');
    expect(listed(await legacy.callTool({ name: 'photos__list', arguments: { limit: 2 } }))).toBe(2);
    expect(listed(await modern.callTool({ name: 'photos__list', arguments: { limit: 3 } }))).toBe(3);
    await serve.close();
    const rows = auditRows(ws.data).map((row) => [row.clientId, row.tool, row.status, row.argsHash]);
    expect(rows.sort()).toEqual([
      ['token:legacy-agent', 'photos__list', 'ok', hashOf({ limit: 2 })],
      ['token:modern-agent', 'photos__list', 'ok', hashOf({ limit: 3 })],
    ]);
  });

  it('401 without a token, with a wrong one and with one revoked meanwhile (no restart); 403 for a foreign Origin or Host; 413 for 5 MiB', async () => {
    const { serve, tokens } = await start();
    const token = await tokens.add('agent');
    const ok = await post(serve.url, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    await ok.text();
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${token}x` }] as Record<string, string>[]) {
      const refused = await post(serve.url, headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      await refused.text();
    }
    const agent = await httpAgent(serve.url, token, 'modern');
    cleanup.push(() => agent.close());
    expect(listed(await agent.callTool({ name: 'photos__list', arguments: {} }))).toBeGreaterThan(0);
    // Revoked by another process's store (as `xcap token revoke` does): the next request is refused.
    expect(await new FileTokenStore(tokens.file).revoke('agent')).toBe(true);
    await expect(agent.callTool({ name: 'photos__list', arguments: {} })).rejects.toThrow(errorOf(SdkHttpError, /401|Unauthorized/));
    const revoked = await post(serve.url, { authorization: `Bearer ${token}` });
    expect(revoked.status).toBe(401);
    const other = await tokens.add('other');
    const foreign = await post(serve.url, { authorization: `Bearer ${other}`, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const local = await post(serve.url, { authorization: `Bearer ${other}`, origin: `http://localhost:${serve.address.port}` });
    expect(local.status).toBe(200);
    await local.text();
    // A DNS-rebound page reaches the port under its own name: node:http sends the Host header given.
    expect(await statusWithHost(serve.address.port, `attacker.example:${serve.address.port}`, other)).toBe(403);
    expect(await statusWithHost(serve.address.port, `localhost:${serve.address.port + 1}`, other)).toBe(403);
    expect(await statusWithHost(serve.address.port, `localhost:${serve.address.port}`, other)).toBe(200);
    const big = await post(
      serve.url,
      { authorization: `Bearer ${other}` },
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}`,
    );
    expect(big.status).toBe(413);
  });

  it('8 agents x 25 calls at once: every call answered, exactly one row each, naming its token', async () => {
    const { serve, tokens, ws } = await start();
    const agents = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const name = `agent-${index}`;
        const client = await httpAgent(serve.url, await tokens.add(name), index % 2 === 0 ? 'legacy' : 'modern');
        cleanup.push(() => client.close());
        return { name, client };
      }),
    );
    const answers = await Promise.all(
      agents.flatMap(({ name, client }) =>
        Array.from({ length: 25 }, (_, call) =>
          client.callTool({ name: 'photos__list', arguments: { limit: call + 1 } }).then((result) => [name, call, listed(result)] as const),
        ),
      ),
    );
    expect(answers).toHaveLength(200);
    await serve.close();
    const rows = auditRows(ws.data);
    expect(rows).toHaveLength(200);
    for (const { name } of agents) {
      for (let call = 0; call < 25; call++) {
        const mine = rows.filter((row) => row.clientId === `token:${name}` && row.argsHash === hashOf({ limit: call + 1 }));
        expect(mine, `${name} call ${call}`).toHaveLength(1);
        expect(mine[0]?.status).toBe('ok');
      }
    }
  });

  it('refuses a non-loopback address without allowRemote; with it, warns', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    await expect(serveHttp({ manifest: httpManifest, dataDir: ws.data, listen: '0.0.0.0:0', log: () => undefined })).rejects.toThrow(
      errorOf(RangeError, /0\.0\.0\.0 is not a loopback address.*--allow-remote/),
    );
    const log: string[] = [];
    const serve = await serveHttp({ manifest: httpManifest, dataDir: ws.data, listen: '0.0.0.0:0', allowRemote: true, log: (line) => log.push(line) });
    cleanup.push(() => serve.close());
    expect(log.join('\n')).toMatch(/WARNING: listening on 0\.0\.0\.0, which is not loopback/);
    expect(log.join('\n')).toMatch(/no tokens yet/);
    const token = await new FileTokenStore(tokenFilePath(ws.data)).add('remote');
    const answer = await post(`http://127.0.0.1:${serve.address.port}/mcp`, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
  });

  it('asks consent over HTTP on the modern era (input_required): allow once stores the grant and runs', async () => {
    const { serve, tokens, ws } = await start({ foreground: true, consent: 'elicit' }, false);
    const asked: string[] = [];
    const agent = await httpAgent(serve.url, await tokens.add('modern'), 'modern', (message) => {
      asked.push(message);
      return { action: 'accept', content: { answer: 'allow' } };
    });
    cleanup.push(() => agent.close());
    expect(listed(await agent.callTool({ name: 'photos__list', arguments: { limit: 1 } }))).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('Pick the photos for your album.');
    expect(await new FileGrantStore(dataPaths(ws.data).consent).get('acme.album', 'photos.read')).toBe('granted');
    await serve.close();
    expect(
      auditRows(ws.data)
        .map((row) => [row.clientId, row.status, row.error])
        .sort(),
    ).toEqual([
      ['token:modern', 'denied', 'consentNeeded'],
      ['token:modern', 'ok', null],
    ]);
  });
  it('an early answer (413 on Content-Length, 401 before the body) reaches a client still sending its body; the connection is not reset', async () => {
    const { serve, tokens } = await start();
    const token = await tokens.add('agent');
    expect(await sendAfterAnswer(serve.address.port, { authorization: `Bearer ${token}` }, 5 * 1024 * 1024)).toBe(413);
    expect(await sendAfterAnswer(serve.address.port, {}, 1024 * 1024)).toBe(401);
  });
  it('a CORS preflight from a loopback origin or --allowed-origin is answered 204 without a token (no row); a foreign one gets 403', async () => {
    const { serve, tokens, ws } = await start({ allowedOrigins: ['app.example.com'] });
    const preflight = (origin: string) =>
      fetch(serve.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
    for (const origin of [`http://localhost:${serve.address.port}`, 'http://127.0.0.1:5173', 'https://app.example.com']) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
    }
    expect((await preflight('https://evil.example')).status).toBe(403);
    const token = await tokens.add('page');
    const call = await post(serve.url, { authorization: `Bearer ${token}`, origin: 'https://app.example.com' });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    await call.text();
    await serve.close();
    expect(auditRows(ws.data)).toEqual([]);
  });

  it('Connection: close on a request answered as an event stream: the socket closes right after the answer', async () => {
    const { serve, tokens } = await start();
    const token = await tokens.add('agent');
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'photos__list', arguments: { limit: 1 } } });
    const { sinceEnd, received } = await new Promise<{ sinceEnd: number; received: string }>((resolve) => {
      const socket = connect(serve.address.port, '127.0.0.1');
      let text = '';
      let end = 0;
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.endsWith('0\r\n\r\n')) end = performance.now();
      });
      // Still open after 3 s: cut here (the answer is then 3 s or more).
      const cut = setTimeout(() => socket.destroy(), 3_000);
      socket.on('close', () => (clearTimeout(cut), resolve({ sinceEnd: performance.now() - end, received: text })));
      socket.write(
        [
          'POST /mcp HTTP/1.1',
          `host: 127.0.0.1:${serve.address.port}`,
          `authorization: Bearer ${token}`,
          'content-type: application/json',
          'accept: text/event-stream, application/json',
          'mcp-protocol-version: 2025-11-25',
          'connection: close',
          `content-length: ${Buffer.byteLength(body)}`,
          '',
          body,
        ].join('\r\n'),
      );
    });
    expect(received).toMatch(/^HTTP\/1\.1 200 [^]*\r\ncontent-type: text\/event-stream\r\n/i);
    expect(sinceEnd, 'ms from the end of the answer to the socket closing').toBeLessThan(500);
  });
});
