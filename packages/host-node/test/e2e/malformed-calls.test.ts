import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rawServe } from './raw-rpc.js';
import { requireBuilt, runXcap, workspace } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

interface AuditJsonRow {
  readonly clientId: string;
  readonly tool: string;
  readonly status: string;
  readonly error: string | null;
  readonly argsHash: string;
}

/** The audit hash of a value whose JCS form is its `JSON.stringify` (no objects with several keys, no floats). */
const hashOf = (value: unknown) => `sha256:${createHash('sha256').update(JSON.stringify(value)).digest('hex')}`;

const invalidType = { content: [{ type: 'text', text: 'invalidParams: / type' }], isError: true };

describe('xcap serve: every tools/call reaches the call path and leaves exactly one audit row (raw JSON-RPC)', () => {
  it('arguments that are not an object, a name that is not a string, missing or unreadable params: each answered, each audited once', async () => {
    const ws = await workspace();
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const serve = await rawServe(['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos]);
    const runId = / run (run-\S+),/.exec(serve.stderr())?.[1];

    // Arguments that are not an object: the call path's own refusal, an isError result.
    expect((await serve.request(1, 'tools/call', { name: 'photos__list', arguments: [1, 2] })).result).toEqual(invalidType);
    expect((await serve.request(2, 'tools/call', { name: 'photos__list', arguments: 'limit=1' })).result).toEqual(invalidType);
    expect((await serve.request(3, 'tools/call', { name: 'photos__list', arguments: 7 })).result).toEqual(invalidType);
    // An unknown tool with bad arguments is still unknown first.
    expect((await serve.request(4, 'tools/call', { name: 'photos__nope', arguments: [] })).error).toEqual({
      code: -32602,
      message: 'Unknown tool: photos__nope',
    });
    // A name that is not a string, a missing name, missing params: -32602 with a specific message.
    expect((await serve.request(5, 'tools/call', { name: 42, arguments: {} })).error).toEqual({
      code: -32602,
      message: 'Invalid tools/call: params.name must be a string, got a number',
    });
    expect((await serve.request(6, 'tools/call', { arguments: { limit: 1 } })).error).toEqual({
      code: -32602,
      message: 'Invalid tools/call: params.name must be a string, got nothing',
    });
    expect((await serve.request(7, 'tools/call')).error).toEqual({ code: -32602, message: 'Invalid tools/call: params.name must be a string, got nothing' });
    expect((await serve.request(8, 'tools/call', { name: null, arguments: [] })).error).toEqual({
      code: -32602,
      message: 'Invalid tools/call: params.name must be a string, got null',
    });
    // Requests the SDK's transport would drop unread: params not an object, an unreadable _meta, a key JSON-RPC does not know.
    const noName = { code: -32602, message: 'Invalid tools/call: params.name must be a string, got nothing' };
    expect((await serve.request(12, 'tools/call', 'photos__list')).error).toEqual(noName);
    expect((await serve.request(13, 'tools/call', ['photos__list', {}])).error).toEqual(noName);
    expect((await serve.request(14, 'tools/call', { name: 'photos__list', arguments: { limit: 1 }, _meta: 5 })).result?.isError).toBeUndefined();
    expect((await serve.request(15, 'tools/call', { name: 'photos__list', arguments: [], _meta: { progressToken: {} } })).result).toEqual(invalidType);
    expect(
      (await serve.raw(16, { jsonrpc: '2.0', id: 16, method: 'tools/call', params: { name: 'photos__list', arguments: {} }, extra: true })).result?.isError,
    ).toBeUndefined();
    // A well-formed call still works, and other methods are untouched.
    const ok = await serve.request(9, 'tools/call', { name: 'photos__list', arguments: { limit: 1 } });
    expect(ok.result?.isError).toBeUndefined();
    expect(ok.result?.structuredContent).toMatchObject({ photos: [{ name: 'Sunset.png' }] });
    expect((await serve.request(10, 'resources/list', {})).error).toEqual({ code: -32601, message: 'Method not found' });
    expect((await serve.request(11, 'tools/list', {})).result).toHaveProperty('tools');
    expect(await serve.end()).toBe(0);

    const run = await runXcap(['audit', '--json', '--limit', '1000', '--data', ws.data]);
    expect(run.code).toBe(0);
    const rows = (JSON.parse(run.stdout) as AuditJsonRow[]).reverse();
    expect(rows.map((r) => [r.clientId, r.tool, r.status, r.error, r.argsHash])).toEqual([
      [runId, 'photos__list', 'invalid', 'invalidParams', hashOf([1, 2])],
      [runId, 'photos__list', 'invalid', 'invalidParams', hashOf('limit=1')],
      [runId, 'photos__list', 'invalid', 'invalidParams', hashOf(7)],
      [runId, 'photos__nope', 'denied', 'unknownTool', hashOf([])],
      [runId, '', 'denied', 'unknownTool', hashOf({})],
      [runId, '', 'denied', 'unknownTool', hashOf({ limit: 1 })],
      [runId, '', 'denied', 'unknownTool', hashOf({})],
      [runId, '', 'denied', 'unknownTool', hashOf([])],
      [runId, '', 'denied', 'unknownTool', hashOf({})],
      [runId, '', 'denied', 'unknownTool', hashOf({})],
      [runId, 'photos__list', 'ok', null, hashOf({ limit: 1 })],
      [runId, 'photos__list', 'invalid', 'invalidParams', hashOf([])],
      [runId, 'photos__list', 'ok', null, hashOf({})],
      [runId, 'photos__list', 'ok', null, hashOf({ limit: 1 })],
    ]);
  });
});
