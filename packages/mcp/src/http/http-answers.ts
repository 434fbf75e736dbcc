/** A JSON-RPC error answered at the HTTP layer (no request id: the body was not read or not trusted). */
export function httpError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
