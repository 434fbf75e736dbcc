import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { startAuthorizationServer, type AuthorizationServer } from '@xcap/test-support';
import { MemoryTokenStore } from '@xcap/tokens';
import { realTimers } from '@xcap/wire';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportSPKI, importJWK, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpHandler, mountCallPath, type HttpHandlerOptions, type OAuthOptions, type XcapHttpHandler } from '../../src/index.js';
import { mcpPostRequest } from './mcp-post-request.js';
import { testCallPath, type TestCallPath } from '../support/test-call-path.js';

const base = 'http://127.0.0.1:7777';
const resource = `${base}/mcp`;
const metadataUrl = `${base}/.well-known/oauth-protected-resource/mcp`;

let as: AuthorizationServer;
let other: AuthorizationServer;
beforeAll(async () => {
  [as, other] = await Promise.all([startAuthorizationServer(), startAuthorizationServer({ rfc8414: false })]);
});
afterAll(async () => {
  await Promise.all([as.close(), other.close()]);
});

const handlers: XcapHttpHandler[] = [];
afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
});

/** A handler on 127.0.0.1:7777 admitting alice's static token and `as`'s access tokens for `resource`, over the test call path. */
async function setup(oauth: Partial<OAuthOptions> = {}, overrides: Partial<HttpHandlerOptions> = {}) {
  const tokens = new MemoryTokenStore();
  await tokens.add('alice', 'alice-secret-token');
  const host: TestCallPath = testCallPath();
  host.grants.set('acme.album', 'photos.read', 'granted');
  const errors: Error[] = [];
  const handler = createHttpHandler({
    server: ({ era, client, refusals }) => {
      const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
      mountCallPath(server, host.callPath, { era, clientId: client, consent: 'client', refusals });
      return server;
    },
    tokens,
    allowedHosts: ['127.0.0.1:7777'],
    onerror: (error) => errors.push(error),
    oauth: { issuers: [as.issuer], resource, ...oauth },
    ...overrides,
  });
  handlers.push(handler);
  return { handler, host, errors };
}

const rpc = (method: string, params: unknown = {}) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

function post(token: string | undefined, body = rpc('tools/list'), headers: Record<string, string> = {}): Request {
  return mcpPostRequest(resource, body, { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers });
}

/** The parameters of a `WWW-Authenticate: Bearer …` value. */
function challenge(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] as string, match[2] as string]));
}

/** `claims` signed as a JWT access token by `key` (not the authorization server's). */
async function forged(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', ...header }).sign(privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('OAuth resource server: Protected Resource Metadata (RFC 9728)', () => {
  it('serves the document at both well-known URLs, cacheable, without a token; other methods 405; the Host check still applies', async () => {
    const { handler } = await setup({ scopes: ['xcap:call'] });
    for (const url of [metadataUrl, `${base}/.well-known/oauth-protected-resource`]) {
      const response = await handler.fetch(new Request(url, { headers: { host: '127.0.0.1:7777' } }));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await response.json()).toEqual({
        resource,
        authorization_servers: [as.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['xcap:call'],
      });
    }
    expect((await handler.fetch(new Request(metadataUrl, { method: 'POST', headers: { host: '127.0.0.1:7777' } }))).status).toBe(405);
    expect((await handler.fetch(new Request(metadataUrl, { headers: { host: 'evil.example:7777' } }))).status).toBe(403);
    expect((await handler.fetch(new Request(metadataUrl, { headers: { host: '127.0.0.1:7777', origin: 'https://evil.example' } }))).status).toBe(403);
  });

  it('is not served without OAuth (404)', async () => {
    const handler = createHttpHandler({
      server: () => new Server({ name: 'x', version: '0' }),
      tokens: new MemoryTokenStore(),
      allowedHosts: ['127.0.0.1:7777'],
    });
    handlers.push(handler);
    expect((await handler.fetch(new Request(metadataUrl, { headers: { host: '127.0.0.1:7777' } }))).status).toBe(404);
  });
});

describe('OAuth resource server: 401 and 403 answers', () => {
  it('no token: 401 naming the metadata and the scopes, no error', async () => {
    const { handler } = await setup({ scopes: ['xcap:call'] });
    const response = await handler.fetch(post(undefined));
    expect(response.status).toBe(401);
    expect(challenge(response)).toEqual({ realm: 'xcap', resource_metadata: metadataUrl, scope: 'xcap:call' });
  });

  it('a valid token answers tools/list and a tools/call, audited as oauth:<client_id>@<issuer>', async () => {
    const { handler, host } = await setup();
    const token = await as.token(resource);
    const list = await handler.fetch(post(token));
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('photos__list');
    const call = await handler.fetch(post(token, rpc('tools/call', { name: 'photos__list', arguments: { limit: 1 } })));
    expect(call.status).toBe(200);
    expect(await call.text()).toContain('ph-1');
    expect(host.audit.rows.map((row) => [row.clientId, row.tool, row.status])).toEqual([[`oauth:${as.client.id}@${as.issuer}`, 'photos__list', 'ok']]);
  });

  it('33/9: two issuers whose clients are both xcap-agent audit as two clients, each naming its issuer', async () => {
    const second = await startAuthorizationServer();
    try {
      const { handler, host } = await setup({ issuers: [as.issuer, second.issuer] });
      expect(second.client.id).toBe(as.client.id);
      for (const token of [await as.token(resource), await second.token(resource)]) {
        const answer = await handler.fetch(post(token, rpc('tools/call', { name: 'photos__list', arguments: { limit: 1 } })));
        expect([answer.status, await answer.text()]).toEqual([200, expect.stringContaining('ph-1')]);
      }
      expect(host.audit.rows.map((row) => row.clientId)).toEqual([`oauth:xcap-agent@${as.issuer}`, `oauth:xcap-agent@${second.issuer}`]);
    } finally {
      await second.close();
    }
  });

  it('refuses with 401 invalid_token: another resource, another issuer, an unknown key, alg none, HS256 with the public key, a bad typ, garbage', async () => {
    const { handler, host } = await setup();
    const real = await as.token(resource);
    const claims = decodeJwt(real);
    const header = decodeProtectedHeader(real);
    const jwks = (await (await fetch(`${as.issuer}/jwks`)).json()) as { keys: JWK[] };
    const publicKey = await importJWK(jwks.keys[0] as JWK, 'ES256');
    const spki = await exportSPKI(publicKey as Parameters<typeof exportSPKI>[0]);
    const hmacInput = `${b64({ alg: 'HS256', typ: 'at+jwt', kid: header.kid })}.${b64(claims)}`;
    const cases: Record<string, string> = {
      'another resource': await as.token('https://other.example/mcp'),
      'another issuer': await other.token(resource),
      'a key not in the JWKS': await forged(claims, { kid: header.kid }),
      'an unknown kid': await forged(claims, { kid: 'not-published' }),
      'alg none': `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`,
      'HS256 with the public key bytes': `${hmacInput}.${createHmac('sha256', spki).update(hmacInput).digest('base64url')}`,
      'ES384, a published key but not an accepted algorithm (signed by the issuer)': as.sign(claims, { alg: 'ES384' }),
      'typ JOSE (signed by the issuer)': as.sign(claims, { typ: 'JOSE' }),
      'no typ (signed by the issuer)': as.sign(claims, { typ: undefined }),
      'no exp (signed by the issuer)': as.sign({ ...claims, exp: undefined }),
      'longer than 16 KiB (signed by the issuer)': as.sign({ ...claims, padding: 'x'.repeat(16 * 1024) }),
      'a JWT-shaped non-token': 'abc.def.ghi',
    };
    for (const [what, token] of Object.entries(cases)) {
      const response = await handler.fetch(post(token, rpc('tools/call', { name: 'photos__list', arguments: {} })));
      expect({ what, status: response.status }).toEqual({ what, status: 401 });
      expect(challenge(response)).toEqual({ realm: 'xcap', resource_metadata: metadataUrl, error: 'invalid_token' });
    }
    expect(host.audit.rows).toEqual([]);
    // The same forging path admits a well-formed token: the refusals above are the checks', not the forging's.
    expect((await handler.fetch(post(as.sign(claims)))).status).toBe(200);
  });

  it('refuses an expired token (the clock 2 hours on) and admits it within the skew', async () => {
    const token = await as.token(resource);
    const exp = decodeJwt(token).exp as number;
    const at = (seconds: number) => ({ timers: { ...realTimers, now: () => seconds * 1000 } });
    const late = await setup({}, at(exp + 7_200));
    expect((await late.handler.fetch(post(token))).status).toBe(401);
    const skewed = await setup({}, at(exp + 30));
    expect((await skewed.handler.fetch(post(token))).status).toBe(200);
    const beyond = await setup({}, at(exp + 61));
    expect((await beyond.handler.fetch(post(token))).status).toBe(401);
  });

  it('a token without a required scope gets 403 insufficient_scope; with it, 200', async () => {
    const { handler } = await setup({ scopes: ['xcap:call'] });
    const response = await handler.fetch(post(await as.token(resource)));
    expect(response.status).toBe(403);
    expect(challenge(response)).toEqual({ realm: 'xcap', resource_metadata: metadataUrl, error: 'insufficient_scope', scope: 'xcap:call' });
    expect((await handler.fetch(post(await as.token(resource, 'xcap:call')))).status).toBe(200);
  });

  it('the fair gate keys by the identity: an OAuth client at its bound waits (here: refused, no queue), a static token still runs', async () => {
    const { handler } = await setup({}, { maxInFlightPerToken: 1, maxQueuedPerToken: 0 });
    const token = await as.token(resource);
    // An event-stream answer holds its slot until its body is read.
    const holding = await handler.fetch(post(token));
    expect(holding.status).toBe(200);
    const second = await handler.fetch(post(await as.token(resource)));
    expect(second.status).toBe(503);
    const other = await handler.fetch(post('alice-secret-token'));
    expect(other.status).toBe(200);
    await Promise.all([holding.text(), other.text()]);
    expect((await handler.fetch(post(token))).status).toBe(200);
  });

  it('static tokens still admitted beside OAuth; a wrong one 401 with resource_metadata; only: static tokens refused', async () => {
    const both = await setup();
    expect((await both.handler.fetch(post('alice-secret-token'))).status).toBe(200);
    const wrong = await both.handler.fetch(post('wrong-token'));
    expect(wrong.status).toBe(401);
    expect(challenge(wrong)).toEqual({ realm: 'xcap', resource_metadata: metadataUrl, error: 'invalid_token' });
    const only = await setup({ only: true });
    const refused = await only.handler.fetch(post('alice-secret-token'));
    expect(refused.status).toBe(401);
    expect(challenge(refused)['error']).toBe('invalid_token');
    expect((await only.handler.fetch(post(await as.token(resource)))).status).toBe(200);
  });
});

describe('OAuth resource server: discovery and keys', () => {
  it('finds the JWKS through OpenID discovery when RFC 8414 is not served', async () => {
    const { handler } = await setup({ issuers: [other.issuer] });
    expect((await handler.fetch(post(await other.token(resource)))).status).toBe(200);
    expect(other.discoveries()).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  });

  it('a key rotation: an unknown kid refetches the JWKS (at most once per cooldown), new tokens validate without a restart', async () => {
    const { handler } = await setup({ jwksCooldownMs: 300 });
    expect((await handler.fetch(post(await as.token(resource)))).status).toBe(200);
    as.rotateKey();
    const rotated = await as.token(resource);
    const fetches = as.requests().filter((path) => path === '/jwks').length;
    // Within the cooldown the JWKS is not fetched again, and the new key is not known yet.
    expect((await handler.fetch(post(rotated))).status).toBe(401);
    expect(as.requests().filter((path) => path === '/jwks').length).toBe(fetches);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await handler.fetch(post(rotated))).status).toBe(200);
    expect(as.requests().filter((path) => path === '/jwks').length).toBe(fetches + 1);
  });

  it('metadata whose issuer is not the one asked is not used (RFC 8414 §3.3): 503, reported', async () => {
    // A server answering discovery with as's document (as's issuer, as's JWKS) for an issuer of its own: a mix-up.
    const mixUp = createServer((_request, response) => {
      void fetch(`${as.issuer}/.well-known/openid-configuration`).then(async (answer) => response.end(await answer.text()));
    });
    await new Promise<void>((resolve) => mixUp.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(mixUp.address() as AddressInfo).port}`;
      const { handler, errors } = await setup({ issuers: [issuer] });
      const token = as.sign({ ...decodeJwt(await as.token(resource)), iss: issuer });
      expect((await handler.fetch(post(token))).status).toBe(503);
      expect(errors.map((error) => error.message).join('\n')).toContain(`its issuer is ${JSON.stringify(as.issuer)}, not ${JSON.stringify(issuer)}`);
    } finally {
      mixUp.closeAllConnections();
      await new Promise((resolve) => mixUp.close(resolve));
    }
  });

  it('issuer metadata is fetched bounded: a body over 512 KiB and a redirect are not read (503, reported)', async () => {
    const hostile = createServer((request, response) => {
      if (request.url === '/.well-known/oauth-authorization-server')
        response.writeHead(200, { 'content-type': 'application/json' }).end(' '.repeat(600 * 1024));
      else response.writeHead(302, { location: `${as.issuer}/.well-known/openid-configuration` }).end();
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
      const { handler, errors } = await setup({ issuers: [issuer] });
      expect((await handler.fetch(post(as.sign({ ...decodeJwt(await as.token(resource)), iss: issuer })))).status).toBe(503);
      const reported = errors.map((error) => error.message).join('\n');
      expect(reported).toContain('/.well-known/oauth-authorization-server: the answer is larger than 524288 bytes');
      expect(reported).toContain('/.well-known/openid-configuration: HTTP 302');
    } finally {
      hostile.closeAllConnections();
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  it('an unreachable issuer: 503, reported, not a verdict on the token', async () => {
    const gone = await startAuthorizationServer();
    const token = await gone.token(resource);
    await gone.close();
    const { handler, errors } = await setup({ issuers: [gone.issuer], fetchTimeoutMs: 1_000 });
    expect((await handler.fetch(post(token))).status).toBe(503);
    expect(errors.map((error) => error.message).join('\n')).toContain(`the metadata of issuer ${gone.issuer} could not be discovered`);
  });
});

describe('OAuth resource server: the SDK v2 client, knowing only the URL', () => {
  it('discovers the metadata, gets a token by the client credentials grant and calls a tool', async () => {
    const { handler, host } = await setup({ scopes: ['xcap:call'] });
    const seen: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(resource), {
      authProvider: new ClientCredentialsProvider({ clientId: as.client.id, clientSecret: as.client.secret, expectedIssuer: as.issuer }),
      fetch: (input, init) => {
        const request = new Request(input, init);
        seen.push(`${request.method} ${request.url}`);
        if (!request.url.startsWith(base)) return fetch(request);
        request.headers.set('host', '127.0.0.1:7777');
        return handler.fetch(request);
      },
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
      expect(result.isError).not.toBe(true);
    } finally {
      await client.close();
    }
    expect(seen).toContain(`GET ${metadataUrl}`);
    expect(seen).toContain(`POST ${as.issuer}/token`);
    expect(host.audit.rows.map((row) => [row.clientId, row.tool, row.status])).toEqual([[`oauth:${as.client.id}@${as.issuer}`, 'photos__list', 'ok']]);
  });
});
