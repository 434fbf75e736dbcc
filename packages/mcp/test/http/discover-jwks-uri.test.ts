import { afterEach, describe, expect, it } from 'vitest';
import { discoverJwksUri } from '../../src/http/discover-jwks-uri.js';
import { jsonRoute } from './json-route.js';
import { startRouteServer, type RouteServer } from './start-route-server.js';
import { errorOf } from '@xcap/test-support';

const bounds = { timeoutMs: 2_000, maxBytes: 64 * 1024 };
const servers: RouteServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(routes: Parameters<typeof startRouteServer>[0] = {}) {
  const server = await startRouteServer(routes);
  servers.push(server);
  return server;
}

const rfc8414 = '/.well-known/oauth-authorization-server';
const openid = '/.well-known/openid-configuration';

describe('discoverJwksUri', () => {
  it('an issuer without a path: RFC 8414, then OpenID once; the failures named in order, "; "-separated', async () => {
    const server = await serve();
    const issuer = server.origin;
    await expect(discoverJwksUri(issuer, bounds)).rejects.toThrow(
      new Error(`the metadata of issuer ${issuer} could not be discovered: GET ${issuer}${rfc8414}: HTTP 404; GET ${issuer}${openid}: HTTP 404`),
    );
    expect(server.paths).toEqual([rfc8414, openid]);
  });

  it('an issuer with a path (a trailing slash dropped): the path inserted after each well-known name, then OpenID appended', async () => {
    const server = await serve();
    await expect(discoverJwksUri(`${server.origin}/tenant/`, bounds)).rejects.toThrow(errorOf(Error, 'could not be discovered'));
    expect(server.paths).toEqual([`${rfc8414}/tenant`, `${openid}/tenant`, `/tenant${openid}`]);
  });

  it('answers the jwks_uri of the first document naming the issuer exactly, skipping a null document and one naming another issuer', async () => {
    const server = await serve();
    const issuer = `${server.origin}/tenant`;
    server.routes.set(`${rfc8414}/tenant`, jsonRoute(null));
    server.routes.set(`${openid}/tenant`, jsonRoute({ issuer: `${server.origin}/other`, jwks_uri: 'https://evil.example/jwks' }));
    server.routes.set(`/tenant${openid}`, jsonRoute({ issuer, jwks_uri: 'https://as.example/jwks' }));
    expect(await discoverJwksUri(issuer, bounds)).toBe('https://as.example/jwks');
  });

  it('refuses a jwks_uri that is not a string, not a URL, plain http off loopback or another scheme (a misconfigured or hostile server)', async () => {
    const server = await serve();
    const issuer = server.origin;
    for (const jwks of [['https://as.example/jwks'], 'not a url', 'http://as.example/jwks', 'ftp://127.0.0.1/jwks', undefined]) {
      server.routes.set(rfc8414, jsonRoute({ issuer, jwks_uri: jwks }));
      server.routes.set(openid, jsonRoute({ issuer: 'https://another.example' }));
      await expect(discoverJwksUri(issuer, bounds)).rejects.toThrow(
        new Error(
          `the metadata of issuer ${issuer} could not be discovered: ${issuer}${rfc8414}: no usable jwks_uri (${JSON.stringify(jwks)}); ` +
            `${issuer}${openid}: its issuer is "https://another.example", not ${JSON.stringify(issuer)}`,
        ),
      );
    }
  });

  it('admits https anywhere and plain http on loopback, as the URL parsed', async () => {
    const server = await serve();
    const issuer = server.origin;
    for (const [jwks, href] of [
      ['https://as.example/jwks', 'https://as.example/jwks'],
      ['http://127.0.0.1:9/jwks', 'http://127.0.0.1:9/jwks'],
      ['http://localhost:9/a/../jwks', 'http://localhost:9/jwks'],
    ]) {
      server.routes.set(rfc8414, jsonRoute({ issuer, jwks_uri: jwks }));
      expect(await discoverJwksUri(issuer, bounds)).toBe(href);
    }
  });
});
