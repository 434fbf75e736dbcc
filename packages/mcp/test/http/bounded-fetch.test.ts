import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedFetch } from '../../src/http/bounded-fetch.js';
import { jsonRoute } from './json-route.js';
import { startRouteServer, type RouteServer } from './start-route-server.js';
import { errorOf } from '@xcap/test-support';

const bounds = { timeoutMs: 2_000, maxBytes: 1_024 };
let server: RouteServer;
beforeAll(async () => {
  server = await startRouteServer({
    '/doc': jsonRoute({ ok: true }),
    '/big': (_request, response) => response.writeHead(200).end('x'.repeat(1_025)),
    '/not-modified': (_request, response) => response.writeHead(304).end(),
    '/moved': (_request, response) => response.writeHead(301, { location: '/doc' }).end('moved'),
  });
});
afterAll(() => server.close());

describe('boundedFetch', () => {
  it('asks for JSON, passes the headers given, and answers the body read with its status and headers', async () => {
    const answer = await boundedFetch(`${server.origin}/doc`, bounds, new Headers({ 'x-asked': 'yes' }));
    const request = server.requests.at(-1);
    expect(request?.headers['accept']).toBe('application/json');
    expect(request?.headers['x-asked']).toBe('yes');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('refuses a body over maxBytes, a redirect (not followed) and a 304 without a body, naming the URL and status', async () => {
    await expect(boundedFetch(`${server.origin}/big`, bounds)).rejects.toThrow(
      errorOf(Error, `GET ${server.origin}/big: the answer is larger than 1024 bytes`),
    );
    await expect(boundedFetch(`${server.origin}/moved`, bounds)).rejects.toThrow(errorOf(Error, `GET ${server.origin}/moved: HTTP 301`));
    await expect(boundedFetch(`${server.origin}/not-modified`, bounds)).rejects.toThrow(errorOf(Error, `GET ${server.origin}/not-modified: HTTP 304`));
    expect(server.paths.filter((path) => path === '/doc')).toHaveLength(1);
  });
});
