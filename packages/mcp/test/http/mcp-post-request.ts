/**
 * A Streamable HTTP POST as a 2025-11-25 client sends it to a handler on 127.0.0.1:7777: JSON in, JSON or SSE
 * accepted, then `headers` (authorization, origin, a different host, …) over those defaults.
 */
export function mcpPostRequest(url: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      host: '127.0.0.1:7777',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  });
}
