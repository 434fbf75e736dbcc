/** The result of one modern-era (2026-07-28) tools/call posted to `url` as raw JSON-RPC with a bearer token, declaring form elicitation (answered as a JSON body or one SSE event). */
export async function modernCall(url: string, token: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': String(params['name']),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6) ?? '')
    : text;
  return (JSON.parse(json) as { result: Record<string, unknown> }).result;
}
