import { Server } from '@modelcontextprotocol/server';
import { argsHash, type AuditRow, type AuditSink } from '@xcap/audit';
import { scriptedAuditSink } from '@xcap/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore } from '@xcap/tokens';
import { createHttpHandler, loopbackHosts, mountCallPath, type HttpHandlerOptions, type XcapHttpHandler } from '../../src/index.js';
import { loopbackPost } from '../support/loopback-post.js';
import { envelope } from '../support/raw-pipe.js';
import { testCallPath, type TestCallPath } from '../support/test-call-path.js';

const handlers: XcapHttpHandler[] = [];
afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
});

const bogus = { 'io.modelcontextprotocol/protocolVersion': 'bogus' };
const call = (id: number, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });

/** A handler admitting alice's token on 127.0.0.1:7777 whose servers `server` makes, and the errors it reported. */
async function handlerWith(server: HttpHandlerOptions['server']) {
  const tokens = new MemoryTokenStore();
  await tokens.add('alice', 'alice-secret-token');
  const errors: Error[] = [];
  const handler = createHttpHandler({ tokens, allowedHosts: loopbackHosts(7777), onerror: (error) => errors.push(error), server });
  handlers.push(handler);
  return { handler, errors };
}

async function setup(host: TestCallPath = testCallPath()) {
  let made = 0;
  const { handler, errors } = await handlerWith(({ era, client, refusals }) => {
    made++;
    const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
    mountCallPath(server, host.callPath, { era, clientId: client, consent: 'client', refusals });
    return server;
  });
  return { host, handler, errors, made: () => made };
}

/** A POST as the v2 client sends it in `era` (modern: the protocol version and method headers). */
function post(era: 'legacy' | 'modern', body: string, headers: Record<string, string> = {}): Request {
  const eraHeaders: Record<string, string> =
    era === 'modern'
      ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'photos__list' }
      : { 'mcp-protocol-version': '2025-11-25' };
  return loopbackPost('alice-secret-token', body, { ...eraHeaders, ...headers });
}

const rowsOf = (host: TestCallPath) => host.audit.rows.map((r) => [r.clientId, r.tool, r.status, r.error, r.argsHash]);

const unaudited =
  'createHttpHandler: a tools/call request the MCP SDK refused has no audit row: the server factory mounts no call path (mountCallPath with refusals: context.refusals)';

describe('HTTP: tools/call requests the MCP SDK refuses get exactly one row, written before the answer', () => {
  it('modern, no _meta envelope: the SDK answer (400, -32602) and one invalid/invalidParams row for the token', async () => {
    const { host, handler } = await setup();
    const response = await handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: { limit: 3 } })));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { id: number; error: { code: number; message: string } };
    expect(body.id).toBe(2);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/missing the required per-request envelope/);
    expect(rowsOf(host)).toEqual([['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 3 })]]);
    expect(handler.inFlight).toBe(0);
  });

  it('modern, a bogus envelope; a header the body disagrees with; a body the JSON-RPC schemas refuse; an unknown tool: one row each', async () => {
    const { host, handler } = await setup();
    const bad = await handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: {}, _meta: bogus })));
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^Invalid _meta envelope/);
    const noMethod = await handler.fetch(post('modern', call(3, { name: 'photos__list', arguments: { limit: 1 }, _meta: envelope() }), { 'mcp-method': '' }));
    expect(((await noMethod.json()) as { error: { code: number } }).error.code).toBe(-32020);
    const notRpc = await handler.fetch(post('modern', call(4, 'photos__list')));
    expect(((await notRpc.json()) as { error: { code: number } }).error.code).toBe(-32600);
    const unknown = await handler.fetch(post('modern', call(5, { name: 'photos__delete', arguments: [] })));
    expect(unknown.status).toBe(400);
    expect(rowsOf(host)).toEqual([
      ['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({})],
      ['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 1 })],
      ['token:alice', '', 'denied', 'unknownTool', argsHash(undefined)],
      ['token:alice', 'photos__delete', 'denied', 'unknownTool', argsHash([])],
    ]);
  });

  it('calls the handler serves keep their one row (modern and legacy): no second row', async () => {
    const { host, handler } = await setup();
    host.grants.set('acme.album', 'photos.read', 'granted');
    const modern = await handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: { limit: 1 }, _meta: envelope() })));
    expect(modern.status).toBe(200);
    await modern.text();
    const legacy = await handler.fetch(post('legacy', call(3, { name: 'photos__list', arguments: { limit: 2 } })));
    expect(legacy.status).toBe(200);
    expect(await legacy.text()).toContain('"id":3');
    const unknown = await handler.fetch(post('legacy', call(4, { name: 'photos__nope', arguments: {} })));
    expect(await unknown.text()).toContain('Unknown tool: photos__nope');
    expect(rowsOf(host)).toEqual([
      ['token:alice', 'photos__list', 'ok', null, argsHash({ limit: 1 })],
      ['token:alice', 'photos__list', 'ok', null, argsHash({ limit: 2 })],
      ['token:alice', 'photos__nope', 'denied', 'unknownTool', argsHash({})],
    ]);
  });

  it('the answer waits for the row: a slow sink holds the response until its write resolved', async () => {
    const host = testCallPath();
    const sink: AuditSink = host.audit; // as the call path sees it: a write may answer a promise
    const write = sink.write.bind(sink);
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let resolvedAt = 0;
    sink.write = async (row: AuditRow) => {
      await opened;
      await write(row);
      resolvedAt = performance.now();
    };
    const { handler } = await setup(host);
    let answeredAt = 0;
    const answered = handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: {} }))).then((response) => {
      answeredAt = performance.now();
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answeredAt).toBe(0);
    open();
    expect((await answered).status).toBe(400);
    expect(resolvedAt).toBeGreaterThan(0);
    expect(answeredAt).toBeGreaterThanOrEqual(resolvedAt);
  });

  it('a failing sink: answered, failing closed (200, unavailable: auditFailed instead of the SDK answer), the row pending; no crash', async () => {
    const host = testCallPath();
    (host.audit as AuditSink).write = () => Promise.reject(new Error('disk full'));
    const { handler } = await setup(host);
    const response = await handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: {}, _meta: bogus })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true, resultType: 'complete' },
    });
    expect(handler.inFlight).toBe(0);
    expect(host.callPath.pendingAudit().map((p) => [p.row.status, p.row.error])).toEqual([['invalid', 'invalidParams']]);
  });

  it('a server factory that mounts no call path: the SDK answer as before, the missing row reported', async () => {
    const { handler, errors } = await handlerWith(() => new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } }));
    const response = await handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: {} })));
    expect(response.status).toBe(400);
    expect(errors.map((e) => e.message)).toContain(unaudited);
  });

  it('a factory that mounts a call path without passing refusals on: no row (nothing global finds the mount), the missing row reported', async () => {
    const host = testCallPath();
    const { handler, errors } = await handlerWith(({ era, client }) => {
      const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
      mountCallPath(server, host.callPath, { era, clientId: client });
      return server;
    });
    const response = await handler.fetch(post('modern', call(2, { name: 'photos__list', arguments: {} })));
    expect(response.status).toBe(400);
    expect(host.audit.rows).toEqual([]);
    expect(errors.map((e) => e.message)).toContain(unaudited);
  });
});

describe('HTTP: a tools/call is recognised after JSON decoding, and a refused batch gets one row per call', () => {
  it('a method written tools\\/call or tools\\u002fcall (JSON escapes): the SDK answer and one row each', async () => {
    const { host, handler } = await setup();
    for (const [id, method] of [
      [2, '"tools\\/call"'],
      [3, '"tools\\u002fcall"'],
    ] as const) {
      const response = await handler.fetch(post('modern', call(id, { name: 'photos__list', arguments: { limit: id } }).replace('"tools/call"', method)));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { id: number }).id).toBe(id);
    }
    expect(rowsOf(host)).toEqual([
      ['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 2 })],
      ['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 3 })],
    ]);
  });

  it('a 2026-07-28 batch of two tools/call: the SDK answer (400, id null) once both rows are written, one row per call', async () => {
    const sink = scriptedAuditSink();
    const { handler } = await setup(testCallPath(undefined, { sink }));
    const first = sink.hold();
    const batch = `[${call(2, { name: 'photos__list', arguments: { limit: 1 }, _meta: envelope() })},${call(3, { name: 'photos__nope', arguments: {}, _meta: envelope() }).replace('"tools/call"', '"tools\\/call"')}]`;
    let answered = false;
    const response = handler.fetch(post('modern', batch)).then((r) => ((answered = true), r));
    await expect.poll(() => sink.held).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    // One row after another: the second write is held in its turn, and the answer waits for it too.
    first();
    const second = sink.hold();
    await expect.poll(() => sink.rows.length).toBe(1);
    await expect.poll(() => sink.held).toBe(1);
    expect(answered).toBe(false);
    second();
    const answer = await response;
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { id: unknown; error: { code: number; message: string } };
    expect([body.id, body.error.code]).toEqual([null, -32600]);
    expect(sink.rows.map(({ row: r }) => [r.clientId, r.tool, r.status, r.error, r.argsHash])).toEqual([
      ['token:alice', 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 1 })],
      ['token:alice', 'photos__nope', 'denied', 'unknownTool', argsHash({})],
    ]);
    expect(handler.inFlight).toBe(0);
  });
});

describe('HTTP: no answer before its row, for every answer that has one', () => {
  const unknown = (id: number) => call(id, { name: 'photos__delete', arguments: {}, _meta: envelope() });

  it('an unknown tool: the -32602 answer waits for its held row and arrives once the row is written', async () => {
    const sink = scriptedAuditSink();
    const { handler } = await setup(testCallPath(undefined, { sink }));
    const release = sink.hold();
    let answered = false;
    const response = handler.fetch(post('modern', unknown(2), { 'mcp-name': 'photos__delete' })).then((r) => ((answered = true), r));
    await expect.poll(() => sink.held).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await (await response).text()).toContain('Unknown tool: photos__delete');
    expect(sink.rows.map(({ row }) => [row.tool, row.error])).toEqual([['photos__delete', 'unknownTool']]);
  });

  it('an unknown tool whose row cannot be written fails closed as any call: unavailable: auditFailed, never Unknown tool', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const { host, handler } = await setup(testCallPath(undefined, { sink }));
    const text = await (await handler.fetch(post('modern', unknown(2), { 'mcp-name': 'photos__delete' }))).text();
    expect(text).not.toContain('Unknown tool');
    expect(text).toContain('unavailable: auditFailed');
    expect(host.callPath.pendingAudit()).toHaveLength(1);
  });

  it('a name that is not a string, whose row cannot be written: unavailable: auditFailed, not the -32602 Invalid tools/call', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const { handler } = await setup(testCallPath(undefined, { sink }));
    const text = await (await handler.fetch(post('legacy', call(2, { name: 7, arguments: {} })))).text();
    expect(text).not.toContain('Invalid tools/call');
    expect(text).toContain('unavailable: auditFailed');
  });

  it('a refused batch whose rows cannot be written fails closed: its answer says unavailable: auditFailed', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const { host, handler } = await setup(testCallPath(undefined, { sink }));
    const response = await handler.fetch(post('modern', `[${call(2, { name: 'photos__list', arguments: {}, _meta: envelope() })}]`));
    expect(await response.text()).toContain('unavailable: auditFailed');
    expect(host.callPath.pendingAudit()).toHaveLength(1);
  });
});
