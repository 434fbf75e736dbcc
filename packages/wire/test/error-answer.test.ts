import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../src/index.js';

describe('errorAnswer', () => {
  it('answers request id with a JSON-RPC 2.0 error, and id null when the id could not be read', () => {
    expect(errorAnswer(7, -32600, 'Invalid Request')).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Invalid Request' } });
    expect(JSON.stringify(errorAnswer(null, -32700, 'Parse error'))).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
  });
});
