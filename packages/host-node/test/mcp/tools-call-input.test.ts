import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { repairToolsCallLine } from '../../src/mcp/repair-tools-call-line.js';
import { ToolsCallInput } from '../../src/mcp/tools-call-input.js';

const line = (message: unknown) => JSON.stringify(message);

describe('repairToolsCallLine: a tools/call the SDK would drop becomes readable, nothing else changes', () => {
  it.each([
    ['params a string', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'photos__list' }, {}],
    ['params an array', { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: ['photos__list'] }, {}],
    ['params null', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: null }, {}],
    ['_meta not an object', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'photos__list', arguments: [1], _meta: 5 } }, { name: 'photos__list', arguments: [1] }],
    ['a bad progressToken', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 7, _meta: { progressToken: {} } } }, { name: 7 }],
    ['an unknown key', { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x' }, extra: 1 }, { name: 'x' }],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 6, method: 'tools/call', params: { arguments: {} } }, { arguments: {} }],
  ])('%s: rewritten with only name and arguments, and the SDK reads it', (_what, message, params) => {
    expect(JSONRPCMessageSchema.safeParse(message).success).toBe(false);
    const repaired: unknown = JSON.parse(repairToolsCallLine(line(message)));
    expect(repaired).toEqual({ jsonrpc: '2.0', id: message.id, method: 'tools/call', params });
    expect(JSONRPCMessageSchema.safeParse(repaired).success).toBe(true);
  });

  it.each([
    ['a good tools/call', line({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'photos__list', arguments: {} } })],
    ['a good one with _meta', line({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'photos__list', _meta: { progressToken: 'p' } } })],
    ['no params', line({ jsonrpc: '2.0', id: 1, method: 'tools/call' })],
    ['another method', line({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: 'x' })],
    ['no usable id', line({ jsonrpc: '2.0', id: 1.5, method: 'tools/call', params: 'x' })],
    ['a notification', line({ jsonrpc: '2.0', method: 'tools/call', params: 'x' })],
    ['not JSON', '{"method": "tools/call", '],
    ['a string mentioning tools/call', line('tools/call')],
  ])('%s: unchanged', (_what, input) => {
    expect(repairToolsCallLine(input)).toBe(input);
  });
});

describe('ToolsCallInput: line by line, across chunks', () => {
  it('repairs lines split across chunks (and inside a UTF-8 character), keeps the rest byte for byte, passes a last line without newline', async () => {
    const bad = line({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: 'ü' });
    const good = line({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'photos__list', arguments: { note: 'grüße' } } });
    const bytes = Buffer.from(`${good}\r\n${bad}\n\n${good}`);
    const cut = bytes.indexOf(Buffer.from('ü')) + 1;
    const chunks = [bytes.subarray(0, 5), bytes.subarray(5, cut), bytes.subarray(cut)];
    const out = await text(Readable.from(chunks).pipe(new ToolsCallInput()));
    expect(out).toBe(`${good}\r\n${line({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: {} })}\n\n${good}`);
  });
});
