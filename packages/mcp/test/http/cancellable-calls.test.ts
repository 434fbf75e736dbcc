import { describe, expect, it } from 'vitest';
import { toolsCallsIn } from '../../src/http/answer-after-row.js';
import { CancellableCalls, cancelledRequestIds } from '../../src/http/cancellable-calls.js';

/** A body as the handler reads it: decoded once by `toolsCallsIn`, whose `message` both looks use. */
const decoded = (value: unknown) => toolsCallsIn(new TextEncoder().encode(JSON.stringify(value))).message;
const cancelled = (requestId: unknown) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });

describe('CancellableCalls', () => {
  it('aborts only the call of the same client with the same id (1 and "1" differ), until it is removed', () => {
    const calls = new CancellableCalls();
    const alice = new AbortController();
    const remove = calls.add('token:alice', 1, alice);
    calls.cancel('token:bob', 1);
    calls.cancel('token:alice', '1');
    calls.cancel('token:alice', 2);
    expect(alice.signal.aborted).toBe(false);
    remove();
    expect(calls.size).toBe(0);
    calls.cancel('token:alice', 1);
    expect(alice.signal.aborted).toBe(false);
    const again = new AbortController();
    calls.add('token:alice', 1, again);
    calls.cancel('token:alice', 1);
    expect(again.signal.aborted).toBe(true);
  });

  it('a removed earlier call does not remove a later one with the same id', () => {
    const calls = new CancellableCalls();
    const removeFirst = calls.add('c', 7, new AbortController());
    const second = new AbortController();
    calls.add('c', 7, second);
    removeFirst();
    calls.cancel('c', 7);
    expect(second.signal.aborted).toBe(true);
  });
});

describe('cancelledRequestIds', () => {
  it('reads the ids of notifications/cancelled, in a batch too, and nothing else', () => {
    expect(cancelledRequestIds(decoded(cancelled(3)))).toEqual([3]);
    expect(cancelledRequestIds(decoded([cancelled('a'), { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }, cancelled(4)]))).toEqual(['a', 4]);
    expect(cancelledRequestIds(decoded(cancelled(null)))).toEqual([]);
    expect(cancelledRequestIds(decoded({ jsonrpc: '2.0', method: 'notifications/cancelled' }))).toEqual([]);
    expect(cancelledRequestIds(toolsCallsIn(new TextEncoder().encode('{not json')).message)).toEqual([]);
    expect(cancelledRequestIds(undefined)).toEqual([]);
  });
});
