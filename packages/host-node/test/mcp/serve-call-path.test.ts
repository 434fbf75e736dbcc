import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ElicitRequestSchema, ErrorCode, McpError, type ElicitResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { elicitConsent } from '../../src/consent/elicit-consent.js';
import { runIdPattern } from '../../src/mcp/run-id.js';
import { serveCallPath } from '../../src/mcp/serve-call-path.js';
import { testCallPath, type TestCallPath } from './test-call-path.js';

interface Connected {
  readonly client: Client;
  readonly server: Server;
  readonly host: TestCallPath;
  readonly clientId: string;
  readonly elicited: { message: string; schema: unknown }[];
}

/**
 * Connects the official SDK client to a `Server` with the test call path
 * mounted, over an in-memory transport. `elicit` (when given) is the
 * client's elicitation answer; without it the client declares no
 * elicitation capability.
 */
async function connect(options: { foreground?: boolean; elicit?: () => ElicitResult; consent?: 'elicit' | 'dismiss' } = {}): Promise<Connected> {
  const server = new Server({ name: 'xcap-test', version: '0.0.0' }, { capabilities: { tools: {} } });
  const host = testCallPath(options.consent === 'elicit' ? elicitConsent(server) : () => 'dismiss');
  const { clientId } = serveCallPath(server, host.callPath, { foreground: options.foreground ?? false });
  const client = new Client({ name: 'agent', version: '1.0.0' }, options.elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } });
  const elicited: Connected['elicited'] = [];
  const answer = options.elicit;
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicited.push({ message: request.params.message, schema: 'requestedSchema' in request.params ? request.params.requestedSchema : undefined });
      return answer();
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return { client, server, host, clientId, elicited };
}

describe('serveCallPath: the call path on an MCP SDK server, checked by the official client', () => {
  it('tools/list is the call path listTools() with the raw catalog schemas', async () => {
    const { client, host } = await connect();
    const { tools } = await client.listTools();
    const listed = host.callPath.listTools();
    expect(tools.map((t) => t.name)).toEqual(listed.map((t) => t.name));
    expect(tools.map((t) => t.name)).toContain('photos__pick');
    for (const [i, tool] of tools.entries()) {
      expect(tool.inputSchema).toEqual(listed[i]?.inputSchema);
      expect(tool.outputSchema).toEqual(listed[i]?.outputSchema);
      expect(tool.description).toBe(listed[i]?.description);
    }
  });

  it('a granted call answers structuredContent the client validates against the outputSchema', async () => {
    const { client, host, clientId } = await connect();
    await host.grants.set('acme.album', 'photos.read', 'granted');
    const result = await client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
    expect(result.isError).toBeUndefined();
    const photos = (result.structuredContent as { photos: { fileId: string }[] }).photos;
    expect(photos).toHaveLength(2);
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toEqual(result.structuredContent);
    expect(host.audit.rows).toEqual([expect.objectContaining({ appId: 'acme.album', clientId, tool: 'photos__pick', status: 'ok', error: null })]);
    expect(clientId).toMatch(runIdPattern);
  });

  it('refusals, tool errors and invalid arguments pass the client checks: isError, no structuredContent', async () => {
    const { client, host } = await connect();
    const background = await client.callTool({ name: 'photos__list', arguments: {} });
    expect(background).toEqual({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
    const picker = await client.callTool({ name: 'print__pdf', arguments: { title: 'x', blocks: [{ text: 'hi' }] } });
    expect(picker).toEqual({ content: [{ type: 'text', text: 'denied: needsForeground' }], isError: true });
    await host.grants.set('acme.album', 'photos.read', 'granted');
    const invalid = await client.callTool({ name: 'photos__list', arguments: { limit: 0 } });
    expect(invalid).toEqual({ content: [{ type: 'text', text: 'invalidParams: /limit minimum' }], isError: true });
    const notFound = await client.callTool({ name: 'photos__get', arguments: { id: 'nope' } });
    expect(notFound).toEqual({ content: [{ type: 'text', text: 'notFound' }], isError: true });
    await host.grants.set('acme.album', 'notifications.post', 'denied');
    const denied = await client.callTool({ name: 'notifications__post', arguments: { title: 'Done' } });
    expect(denied).toEqual({ content: [{ type: 'text', text: 'denied: consentDenied' }], isError: true });
    expect(host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`)).toEqual(['denied/consentNeeded', 'denied/needsForeground', 'invalid/invalidParams', 'failed/', 'denied/consentDenied']);
  });

  it('an unknown tool is JSON-RPC -32602 with no hint, and still audited', async () => {
    const { client, host } = await connect();
    const error = await client.callTool({ name: 'photos__delete', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toBe('MCP error -32602: Unknown tool: photos__delete');
    expect(host.audit.rows).toEqual([expect.objectContaining({ tool: 'photos__delete', status: 'denied', error: 'unknownTool' })]);
  });

  it('one run id per server (connection): two connections audit two different client ids', async () => {
    const a = await connect();
    const b = await connect();
    expect(a.clientId).not.toBe(b.clientId);
    await a.client.callTool({ name: 'photos__list', arguments: {} });
    expect(a.host.audit.rows[0]?.clientId).toBe(a.clientId);
  });
});

describe('serveCallPath: malformed tools/call requests still reach the call path', () => {
  /** A server with the test call path mounted, spoken to in raw JSON-RPC messages over an in-memory transport. */
  async function rawServer(prepare: (server: Server) => void = () => undefined) {
    const server = new Server({ name: 'xcap-test', version: '0.0.0' }, { capabilities: { tools: {} } });
    prepare(server);
    const host = testCallPath();
    serveCallPath(server, host.callPath);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const answers = new Map<string | number, (message: JSONRPCMessage) => void>();
    clientSide.onmessage = (message) => {
      if ('id' in message && message.id !== undefined) answers.get(message.id)?.(message);
    };
    await server.connect(serverSide);
    await clientSide.start();
    const request = (id: number, method: string, params?: Record<string, unknown>) =>
      new Promise<JSONRPCMessage>((resolve) => {
        answers.set(id, resolve);
        void clientSide.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
      });
    await request(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
    return { host, request };
  }

  it('arguments that are not an object are the call path refusal; a name that is not a string is -32602 named as such; one row each', async () => {
    const { host, request } = await rawServer();
    await host.grants.set('acme.album', 'photos.read', 'granted');
    expect(await request(1, 'tools/call', { name: 'photos__list', arguments: ['x'] })).toMatchObject({ result: { content: [{ type: 'text', text: 'invalidParams: / type' }], isError: true } });
    expect(await request(2, 'tools/call', { name: true, arguments: {} })).toMatchObject({ error: { code: -32602, message: 'Invalid tools/call: params.name must be a string, got a boolean' } });
    expect(await request(3, 'tools/call', { name: { tool: 'photos__list' } })).toMatchObject({ error: { code: -32602, message: 'Invalid tools/call: params.name must be a string, got an object' } });
    expect(await request(4, 'tools/call')).toMatchObject({ error: { code: -32602, message: 'Invalid tools/call: params.name must be a string, got nothing' } });
    expect(host.audit.rows.map((r) => [r.tool, r.status, r.error])).toEqual([
      ['photos__list', 'invalid', 'invalidParams'],
      ['', 'denied', 'unknownTool'],
      ['', 'denied', 'unknownTool'],
      ['', 'denied', 'unknownTool'],
    ]);
  });

  it('replaces a tools/call handler set before, keeps a fallback set before for other methods, and answers -32601 for unknown methods without one', async () => {
    const replaced = await rawServer((server) => {
      server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'the old handler' }] }));
      server.fallbackRequestHandler = (request) => Promise.resolve({ echoed: request.method });
    });
    expect(await replaced.request(1, 'tools/call', { name: 'photos__list', arguments: {} })).toMatchObject({ result: { content: [{ text: 'denied: consentNeeded' }] } });
    expect(await replaced.request(2, 'custom/thing', {})).toMatchObject({ result: { echoed: 'custom/thing' } });
    const plain = await rawServer();
    expect(await plain.request(1, 'custom/thing', {})).toMatchObject({ error: { code: -32601, message: 'Method not found' } });
    expect(plain.host.audit.rows).toEqual([]);
  });
});

describe('elicitConsent: the person answers in the agent client', () => {
  it('accept + allow grants the scope and the call runs', async () => {
    const { client, host, elicited } = await connect({ foreground: true, consent: 'elicit', elicit: () => ({ action: 'accept', content: { answer: 'allow' } }) });
    const result = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
    expect(result.isError).toBeUndefined();
    expect(await host.grants.get('acme.album', 'photos.read')).toBe('granted');
    expect(elicited).toHaveLength(1);
    expect(elicited[0]?.message).toBe('Photos: This app wants to access your photos. Pick the photos for your album.');
    const again = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
    expect(again.isError).toBeUndefined();
    expect(elicited).toHaveLength(1);
  });

  it('accept + deny stores denied: consentDenied', async () => {
    const { client, host } = await connect({ foreground: true, consent: 'elicit', elicit: () => ({ action: 'accept', content: { answer: 'deny' } }) });
    const result = await client.callTool({ name: 'photos__list', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'denied: consentDenied' }], isError: true });
    expect(await host.grants.get('acme.album', 'photos.read')).toBe('denied');
  });

  it.each(['decline', 'cancel'] as const)('%s counts as dismiss: consentNeeded, nothing stored, asked again next time', async (action) => {
    const { client, host, elicited } = await connect({ foreground: true, consent: 'elicit', elicit: () => ({ action }) });
    for (let i = 0; i < 2; i++) {
      const result = await client.callTool({ name: 'photos__list', arguments: {} });
      expect(result).toEqual({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
    }
    expect(await host.grants.get('acme.album', 'photos.read')).toBeUndefined();
    expect(elicited).toHaveLength(2);
  });

  it('a client without the elicitation capability is never asked: dismiss', async () => {
    const { client, host } = await connect({ foreground: true, consent: 'elicit' });
    const result = await client.callTool({ name: 'photos__list', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
    expect(await host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });

  it('an accepted form with an answer outside allow/deny is refused by the SDK and counts as dismiss', async () => {
    const { client, host } = await connect({ foreground: true, consent: 'elicit', elicit: () => ({ action: 'accept', content: { answer: 'always' } }) });
    const result = await client.callTool({ name: 'photos__list', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
    expect(await host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });

  it('in the foreground a picker tool runs without any sheet', async () => {
    const { client, elicited } = await connect({ foreground: true, consent: 'elicit', elicit: () => ({ action: 'accept', content: { answer: 'allow' } }) });
    const result = await client.callTool({ name: 'print__pdf', arguments: { title: 'Album', blocks: [{ heading: 'Hello' }] } });
    expect((result.structuredContent as { pages: number }).pages).toBe(1);
    expect(elicited).toHaveLength(0);
  });
});
