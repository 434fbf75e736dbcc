/** The request headers a browser page may send to the endpoint (the MCP transport's and the bearer token). */
const allowHeaders = 'authorization, content-type, mcp-protocol-version, mcp-session-id, last-event-id';
/** The answer headers such a page may read. */
const exposeHeaders = 'mcp-session-id, WWW-Authenticate';

/**
 * The CORS side of `createHttpHandler`, for a request whose `Origin` passed
 * the Origin check (a loopback origin or one of `allowedOrigins`):
 * `preflight()` is the answer to its `OPTIONS` preflight (204, the methods
 * and headers the endpoint takes, no token asked: a preflight is not a
 * call), `expose(response)` the actual answer with `Access-Control-Allow-Origin`
 * and `-Expose-Headers` added, so the page may read it (a 401's
 * `WWW-Authenticate` included). Both say `Vary: Origin`.
 */
export function corsAnswers(origin: string): { preflight(): Response; expose(response: Response): Response } {
  const common = { 'access-control-allow-origin': origin, 'access-control-expose-headers': exposeHeaders };
  return {
    preflight: () =>
      new Response(null, {
        status: 204,
        headers: {
          ...common,
          'access-control-allow-methods': 'POST, GET, DELETE',
          'access-control-allow-headers': allowHeaders,
          'access-control-max-age': '600',
          vary: 'Origin',
        },
      }),
    expose: (response) => {
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(common)) headers.set(name, value);
      headers.append('vary', 'Origin');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}
