/**
 * A POST to `http://127.0.0.1:7777/mcp` as the v2 client sends it: `token` as the bearer, a JSON body, JSON or an event
 * stream accepted, then `headers` (the protocol version and, in the modern era, the method headers); a stream body is
 * sent half-duplex.
 */
export function loopbackPost(token: string, body: string | ReadableStream<Uint8Array>, headers: Readonly<Record<string, string>>): Request {
  return new Request('http://127.0.0.1:7777/mcp', {
    method: 'POST',
    headers: {
      host: '127.0.0.1:7777',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
      ...headers,
    },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  });
}
