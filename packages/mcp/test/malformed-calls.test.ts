import { argsHash } from '@xcap/audit';
import { describe, expect, it } from 'vitest';
import { envelope, rawPipe } from './support/raw-pipe.js';

const invalidType = { content: [{ type: 'text', text: 'invalidParams: / type' }], isError: true };
const noName = { code: -32602, message: 'Invalid tools/call: params.name must be a string, got nothing' };

describe.each(['legacy', 'modern'] as const)('every tools/call that reaches the server is answered and audited once (%s era, raw lines)', (era) => {
  const meta = era === 'modern' ? envelope() : undefined;
  const params = (p: Record<string, unknown>) => (meta === undefined ? p : { ...p, _meta: { ...meta, ...((p['_meta'] as object | undefined) ?? {}) } });
  const call = (id: number, p: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: p });

  it('arguments that are not an object, a name that is not a string, params the schemas refuse, unknown keys: each answered, one row each', async () => {
    const raw = await rawPipe(era);
    raw.host.grants.set('acme.album', 'photos.read', 'granted');
    const pick = (answer: { result?: unknown; error?: unknown }) => answer.result ?? answer.error;
    const strip = (value: unknown) => {
      if (typeof value !== 'object' || value === null) return value;
      const { _meta: _m, resultType: _r, ...rest } = value as Record<string, unknown>;
      return rest;
    };
    expect(strip(pick(await raw.request(1, call(1, params({ name: 'photos__list', arguments: [1, 2] })))))).toEqual(invalidType);
    expect(strip(pick(await raw.request(2, call(2, params({ name: 'photos__list', arguments: 7 })))))).toEqual(invalidType);
    expect(pick(await raw.request(3, call(3, params({ name: 'photos__nope', arguments: [] }))))).toEqual({
      code: -32602,
      message: 'Unknown tool: photos__nope',
    });
    expect(pick(await raw.request(4, call(4, params({ name: 42, arguments: {} }))))).toEqual({
      code: -32602,
      message: 'Invalid tools/call: params.name must be a string, got a number',
    });
    expect(pick(await raw.request(5, call(5, params({ arguments: { limit: 1 } }))))).toEqual(noName);
    // Requests the JSON-RPC schemas refuse: an unreadable progress token, a key JSON-RPC does not know, a jsonrpc other than 2.0.
    expect(strip(pick(await raw.request(6, call(6, params({ name: 'photos__list', arguments: [], _meta: { progressToken: {} } })))))).toEqual(invalidType);
    expect((await raw.request(7, { ...call(7, params({ name: 'photos__list', arguments: {} })), extra: true })).result?.isError).toBeUndefined();
    expect((await raw.request(8, { ...call(8, params({ name: 'photos__list', arguments: { limit: 1 } })), jsonrpc: '1.0' })).result?.isError).toBeUndefined();
    // Not JSON: -32700 with id null; another message the schemas refuse with a readable id: -32600.
    raw.write('{"jsonrpc":"2.0","id":9,"method":\n');
    expect((await raw.answerTo(null)).error?.code).toBe(-32700);
    expect((await raw.request(10, { jsonrpc: '2.0', id: 10, method: 5 })).error?.code).toBe(-32600);
    const rows = raw.host.audit.rows.map((r) => [r.clientId, r.tool, r.status, r.error, r.argsHash]);
    const id = raw.served.clientId;
    expect(rows).toEqual([
      [id, 'photos__list', 'invalid', 'invalidParams', argsHash([1, 2])],
      [id, 'photos__list', 'invalid', 'invalidParams', argsHash(7)],
      [id, 'photos__nope', 'denied', 'unknownTool', argsHash([])],
      [id, '', 'denied', 'unknownTool', argsHash({})],
      [id, '', 'denied', 'unknownTool', argsHash({ limit: 1 })],
      [id, 'photos__list', 'invalid', 'invalidParams', argsHash([])],
      [id, 'photos__list', 'ok', null, argsHash({})],
      [id, 'photos__list', 'ok', null, argsHash({ limit: 1 })],
    ]);
  });
});

describe('legacy era: params that are not an object', () => {
  it('still reach the call path (-32602 naming the missing name), one row each', async () => {
    const raw = await rawPipe('legacy');
    expect((await raw.request(1, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'photos__list' })).error).toEqual(noName);
    expect((await raw.request(2, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: ['photos__list', {}] })).error).toEqual(noName);
    expect((await raw.request(3, { jsonrpc: '2.0', id: 3, method: 'tools/call' })).error).toEqual(noName);
    expect(raw.host.audit.rows.map((r) => [r.tool, r.error])).toEqual([
      ['', 'unknownTool'],
      ['', 'unknownTool'],
      ['', 'unknownTool'],
    ]);
  });
});
