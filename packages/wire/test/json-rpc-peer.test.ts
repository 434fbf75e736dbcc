import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonRpcPeer, type JsonRpcPeerOptions, type JsonRpcRequestOptions } from '../src/index.js';
import { errorOf } from '@xcap/test-support';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A peer writing into `written` (parsed); `accept` says whether the pipe takes more after each line. */
function peer(options: Partial<JsonRpcPeerOptions> & { accept?: () => boolean } = {}) {
  const written: unknown[] = [];
  const p = new JsonRpcPeer({
    write: (line) => {
      expect(line.endsWith('\n')).toBe(true);
      written.push(JSON.parse(line));
      return options.accept?.() ?? true;
    },
    answerError: (id, error) => new Error(error === undefined ? `call ${id}: neither result nor error` : `call ${id}: error ${error.code}: ${error.message}`),
    ...options,
  });
  return { peer: p, written };
}

const wait = (timeoutMs = 1_000): JsonRpcRequestOptions => ({ timeoutMs, timeoutError: (id) => new Error(`call ${id} timed out`) });

describe('JsonRpcPeer', () => {
  it('tells sent the id of each request before its line is written', async () => {
    const { peer: p, written } = peer();
    const seen: [number, number][] = [];
    const first = p.request('a', null, { ...wait(), sent: (id) => seen.push([id, written.length]) });
    const second = p.request('b', null, { ...wait(), sent: (id) => seen.push([id, written.length]) });
    expect(seen).toEqual([
      [1, 0],
      [2, 1],
    ]);
    p.receive({ jsonrpc: '2.0', id: 2, result: 2 });
    p.receive({ jsonrpc: '2.0', id: 1, result: 1 });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
  });

  it('numbers requests from 1, resolves each with the result of the answer naming its id, in any order', async () => {
    const { peer: p, written } = peer();
    const first = p.request('sum', [1, 2], wait());
    const second = p.request('echo', { a: 1 }, wait());
    expect(written).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'sum', params: [1, 2] },
      { jsonrpc: '2.0', id: 2, method: 'echo', params: { a: 1 } },
    ]);
    expect(p.inFlight).toBe(2);
    expect(p.receive({ jsonrpc: '2.0', id: 2, result: 'two' })).toEqual({ kind: 'answered', id: 2 });
    expect(p.receive({ jsonrpc: '2.0', id: 1, result: 3 })).toEqual({ kind: 'answered', id: 1 });
    expect(await Promise.all([first, second])).toEqual([3, 'two']);
    expect(p.inFlight).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects an error answer with answerError (code -32603 and "no message" when missing), and an answer with neither', async () => {
    const { peer: p } = peer();
    const failed = p.request('a', {}, wait());
    const bare = p.request('b', {}, wait());
    const neither = p.request('c', {}, wait());
    p.receive({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'broke' } });
    p.receive({ jsonrpc: '2.0', id: 2, error: null });
    p.receive({ jsonrpc: '2.0', id: 3 });
    await expect(failed).rejects.toThrow(errorOf(Error, 'call 1: error -32000: broke'));
    await expect(bare).rejects.toThrow(errorOf(Error, 'call 2: error -32603: no message'));
    await expect(neither).rejects.toThrow(errorOf(Error, 'call 3: neither result nor error'));
  });

  it('says what a message that answers nothing in flight is: incoming (a method), unknown, invalid', () => {
    const { peer: p } = peer();
    expect(p.receive({ jsonrpc: '2.0', method: 'log', params: {} })).toEqual({ kind: 'incoming', method: 'log' });
    expect(p.receive({ jsonrpc: '2.0', id: 9, method: 'ask' })).toEqual({ kind: 'incoming', method: 'ask' });
    expect(p.receive({ jsonrpc: '2.0', id: 9, result: 1 })).toEqual({ kind: 'unknown', id: 9 });
    expect(p.receive({ jsonrpc: '2.0', id: '1', result: 1 })).toEqual({ kind: 'unknown', id: '1' });
    expect(p.receive({ jsonrpc: '2.0', result: 1 })).toEqual({ kind: 'unknown', id: undefined });
    expect([null, [], 'x'].map((m) => p.receive(m))).toEqual([{ kind: 'invalid' }, { kind: 'invalid' }, { kind: 'invalid' }]);
  });

  it('a request unanswered within its timeout sends its cancel, then rejects; its late answer reads late, once', async () => {
    const { peer: p, written } = peer();
    const call = p.request('slow', {}, { ...wait(100), cancel: (id) => ({ method: 'cancel', params: { id } }) });
    const outcome = expect(call).rejects.toThrow(errorOf(Error, 'call 1 timed out'));
    await vi.advanceTimersByTimeAsync(99);
    expect(p.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(written.at(-1)).toEqual({ jsonrpc: '2.0', method: 'cancel', params: { id: 1 } });
    expect(p.inFlight).toBe(0);
    expect(p.receive({ jsonrpc: '2.0', id: 1, result: 'late' })).toEqual({ kind: 'late', id: 1 });
    expect(p.receive({ jsonrpc: '2.0', id: 1, result: 'late' })).toEqual({ kind: 'unknown', id: 1 });
  });

  it('remembers only the last rememberedTimeouts timed-out ids; Infinity sets no timer', async () => {
    const { peer: p } = peer({ rememberedTimeouts: 2 });
    const calls = [1, 2, 3].map(() => p.request('slow', {}, wait(10)).catch(() => undefined));
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all(calls);
    expect([1, 2, 3].map((id) => p.receive({ id, result: null }).kind)).toEqual(['unknown', 'late', 'late']);
    void p.request('forever', {}, wait(Infinity));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs its timeouts on the injected timers', () => {
    const delays: number[] = [];
    const runs: (() => void)[] = [];
    const { peer: p } = peer({ timers: { setTimeout: (run, ms) => (delays.push(ms), runs.push(run)), clearTimeout: () => undefined, now: () => 0 } });
    const call = p.request('x', {}, wait(2 ** 40));
    expect(delays).toEqual([2 ** 31 - 1]);
    runs[0]?.();
    return expect(call).rejects.toThrow(errorOf(Error, 'call 1 timed out'));
  });

  it('fail() rejects one request in flight; rejectAll() every one, answering how many', async () => {
    const { peer: p } = peer();
    const one = p.request('a', {}, wait());
    const two = p.request('b', {}, wait());
    const three = p.request('c', {}, wait());
    expect(p.fail(1, new Error('too long'))).toBe(true);
    expect(p.fail(1, new Error('again'))).toBe(false);
    await expect(one).rejects.toThrow(errorOf(Error, 'too long'));
    expect(p.rejectAll((id) => new Error(`gone ${id}`))).toBe(2);
    await expect(two).rejects.toThrow(errorOf(Error, 'gone 2'));
    await expect(three).rejects.toThrow(errorOf(Error, 'gone 3'));
    expect(p.receive({ id: 2, result: 1 }).kind).toBe('unknown');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('honours drain: after write() answered false nothing is written until drained(), then the waiting lines go in order', () => {
    let room = 1;
    const { peer: p, written } = peer({ accept: () => --room > 0 });
    void p.request('a', {}, wait(Infinity));
    expect(p.blocked).toBe(true);
    void p.request('b', {}, wait(Infinity));
    p.notify('c');
    expect(written).toHaveLength(1);
    room = 2;
    p.drained();
    expect(written).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'a', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'b', params: {} },
      { jsonrpc: '2.0', method: 'c' },
    ]);
    expect(p.blocked).toBe(true);
    void p.request('d', {}, wait(Infinity));
    expect(written).toHaveLength(3);
    p.discardUnwritten();
    expect(p.blocked).toBe(false);
    room = 10;
    p.drained();
    expect(written).toHaveLength(3);
    void p.request('e', {}, wait(Infinity));
    expect(written.at(-1)).toEqual({ jsonrpc: '2.0', id: 4, method: 'e', params: {} });
  });

  it('drained() writes each waiting line once: a second drain goes on after the last line the first one wrote', () => {
    let room = 1;
    const { peer: p, written } = peer({ accept: () => --room > 0 });
    const methods = () => written.map((m) => (m as { method: string }).method);
    p.notify('a');
    p.notify('b');
    p.notify('c');
    expect(methods()).toEqual(['a']);
    room = 1;
    p.drained();
    expect(methods()).toEqual(['a', 'b']);
    expect(p.blocked).toBe(true);
    room = 10;
    p.drained();
    expect(methods()).toEqual(['a', 'b', 'c']);
    expect(p.blocked).toBe(false);
  });

  it('counts the UTF-8 bytes of the lines waiting for drained(): up with each line queued, down as each is written, 0 once discarded', () => {
    let room = 1;
    const { peer: p } = peer({ accept: () => --room > 0 });
    p.notify('first');
    expect(p.unwrittenBytes).toBe(0);
    p.notify('é', { text: 'ü' });
    const second = Buffer.byteLength(`${JSON.stringify({ jsonrpc: '2.0', method: 'é', params: { text: 'ü' } })}\n`);
    expect(p.unwrittenBytes).toBe(second);
    p.notify('third');
    const third = Buffer.byteLength(`${JSON.stringify({ jsonrpc: '2.0', method: 'third' })}\n`);
    expect(p.unwrittenBytes).toBe(second + third);
    room = 1;
    p.drained();
    expect(p.unwrittenBytes).toBe(third);
    p.discardUnwritten();
    expect(p.unwrittenBytes).toBe(0);
  });

  it('a timeout that fires after its request was answered (timers whose clearTimeout came too late) sends no cancel and remembers nothing', async () => {
    const runs: (() => void)[] = [];
    const { peer: p, written } = peer({ timers: { setTimeout: (run) => runs.push(run), clearTimeout: () => undefined, now: () => 0 } });
    const call = p.request('x', {}, { ...wait(10), cancel: (id) => ({ method: 'cancel', params: { id } }) });
    p.receive({ jsonrpc: '2.0', id: 1, result: 'done' });
    runs[0]?.();
    await expect(call).resolves.toBe('done');
    expect(written).toHaveLength(1);
    expect(p.receive({ jsonrpc: '2.0', id: 1, result: 'again' })).toEqual({ kind: 'unknown', id: 1 });
  });
});
