import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { RefusedCallWatch, type RefusedToolsCall } from '../src/index.js';

const request = (id: RequestId, params: unknown = { name: 'photos__list', arguments: { limit: 1 } }) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });
const refusal = (id: RequestId, message = 'Invalid _meta envelope', code = -32602): JSONRPCMessage => ({ jsonrpc: '2.0', id, error: { code, message } });
const result = (id: RequestId): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: { content: [] } });
const failedClosed = (id: RequestId) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true, resultType: 'complete' },
});

/** A watch whose audit records each refused call and settles when `release()` is called (or at once). */
function watching(options: { hold?: boolean; fail?: Error; onerror?: (error: Error) => void } = {}) {
  const audited: RefusedToolsCall[] = [];
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const watch = new RefusedCallWatch({
    audit: async (call) => {
      audited.push(call);
      if (options.hold === true) await held;
      if (options.fail !== undefined) throw options.fail;
    },
    ...(options.onerror === undefined ? {} : { onerror: options.onerror }),
  });
  return { watch, audited, release };
}

describe('RefusedCallWatch', () => {
  it('tracks delivered tools/call requests with a usable id, and nothing else', () => {
    const { watch } = watching();
    watch.delivered(request(1));
    watch.delivered(request('a'));
    watch.delivered({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    watch.delivered({ jsonrpc: '2.0', method: 'tools/call', params: {} });
    watch.delivered(request(1.5));
    watch.delivered(request(null as unknown as RequestId));
    watch.delivered('not a message');
    expect(watch.tracked).toBe(2);
    expect(watch.unreached(1)).toBe(true);
    expect(watch.unreached('a')).toBe(true);
    expect(watch.unreached(2)).toBe(false);
  });

  it('an error answer to a request the handler never received is audited with its name, arguments and the error text; the answer waits for the write', async () => {
    const { watch, audited, release } = watching({ hold: true });
    watch.delivered(request(7, { name: 'photos__list', arguments: { limit: 3 } }));
    const held = watch.answering(refusal(7, 'Request is missing the required _meta envelope'));
    expect(held).toBeInstanceOf(Promise);
    expect(audited).toEqual([{ id: 7, name: 'photos__list', arguments: { limit: 3 }, reason: '-32602 Request is missing the required _meta envelope' }]);
    expect(watch.auditing).toBe(1);
    expect(watch.tracked).toBe(0);
    let settled = false;
    void held?.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await held;
    expect(watch.auditing).toBe(0);
  });

  it('a request without params is audited with no name and no arguments; an error without a message gets a default reason', () => {
    const { watch, audited } = watching();
    watch.delivered({ jsonrpc: '2.0', id: 3, method: 'tools/call' });
    void watch.answering({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: '' } });
    watch.delivered(request(4));
    void watch.answering({ jsonrpc: '2.0', id: 4, error: { message: 'no code' } } as unknown as JSONRPCMessage);
    expect(audited.map((call) => [call.id, call.name, call.arguments, call.reason])).toEqual([
      [3, undefined, undefined, '-32602 refused by the MCP SDK'],
      [4, 'photos__list', { limit: 1 }, 'no code'],
    ]);
  });

  it('a request the handler received is not audited here (its own row): neither its error answer nor its result', () => {
    const { watch, audited } = watching();
    watch.delivered(request(1));
    watch.delivered(request(2));
    watch.reached(1);
    watch.reached(2);
    expect(watch.unreached(1)).toBe(false);
    expect(watch.answering(refusal(1, 'Unknown tool: x'))).toBeUndefined();
    expect(watch.answering(result(2))).toBeUndefined();
    expect(audited).toEqual([]);
    expect(watch.tracked).toBe(0);
  });

  it('a result answer to an unreached request forgets it without auditing', () => {
    const { watch, audited } = watching();
    watch.delivered(request(1));
    expect(watch.answering(result(1))).toBeUndefined();
    expect(watch.tracked).toBe(0);
    expect(audited).toEqual([]);
  });

  it('answers to untracked ids, requests and notifications are ignored', () => {
    const { watch, audited } = watching();
    watch.delivered(request(1));
    expect(watch.answering(refusal(9))).toBeUndefined();
    expect(watch.answering({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: {} })).toBeUndefined();
    expect(watch.answering({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })).toBeUndefined();
    expect(watch.tracked).toBe(1);
    expect(audited).toEqual([]);
  });

  it('a cancelled request is no longer tracked: a later error answer to its id is not audited', () => {
    const { watch, audited } = watching();
    watch.delivered(request(1));
    watch.cancelled(1);
    watch.cancelled(2);
    expect(watch.tracked).toBe(0);
    expect(watch.unreached(1)).toBe(false);
    expect(watch.answering(refusal(1))).toBeUndefined();
    expect(audited).toEqual([]);
  });

  it('an id may be used again once answered: each request is tracked and audited on its own', () => {
    const { watch, audited } = watching();
    watch.delivered(request(5, { name: 'a', arguments: {} }));
    void watch.answering(refusal(5));
    watch.delivered(request(5, { name: 'b', arguments: {} }));
    watch.reached(5);
    expect(watch.answering(result(5))).toBeUndefined();
    watch.delivered(request(5, { name: 'c', arguments: {} }));
    void watch.answering(refusal(5));
    expect(audited.map((call) => call.name)).toEqual(['a', 'c']);
    expect(watch.tracked).toBe(0);
  });

  describe('two requests in flight with the same id', () => {
    it('reached marks the oldest one not yet received', () => {
      const { watch, audited } = watching();
      watch.delivered(request(1, { name: 'first' }));
      watch.delivered(request(1, { name: 'second' }));
      watch.reached(1);
      expect(watch.unreached(1)).toBe(true);
      // The refusal is matched to the one the handler received first (its own answer); then the other is refused.
      expect(watch.answering(refusal(1))).toBeUndefined();
      void watch.answering(refusal(1));
      expect(audited.map((call) => call.name)).toEqual(['second']);
      watch.delivered(request(1, { name: 'third' }));
      watch.reached(1);
      expect(watch.unreached(1)).toBe(false);
    });

    it('an answer goes to the one the handler received when there is one, even when it came second', () => {
      const { watch, audited } = watching();
      watch.delivered(request(1, { name: 'first' }));
      watch.delivered(request(1, { name: 'second' }));
      watch.reached(1);
      watch.reached(1);
      expect(watch.unreached(1)).toBe(false);
      void watch.answering(refusal(1));
      expect(watch.tracked).toBe(1);
      expect(audited).toEqual([]);
    });

    it('with none received, answers go to the oldest first', () => {
      const { watch, audited } = watching();
      watch.delivered(request(1, { name: 'first' }));
      watch.delivered(request(1, { name: 'second' }));
      void watch.answering(refusal(1, 'one'));
      void watch.answering(refusal(1, 'two'));
      expect(audited.map((call) => [call.name, call.reason])).toEqual([
        ['first', '-32602 one'],
        ['second', '-32602 two'],
      ]);
      expect(watch.tracked).toBe(0);
    });

    it('cancelling one forgets the oldest', () => {
      const { watch, audited } = watching();
      watch.delivered(request(1, { name: 'first' }));
      watch.delivered(request(1, { name: 'second' }));
      watch.cancelled(1);
      expect(watch.tracked).toBe(1);
      void watch.answering(refusal(1));
      expect(audited.map((call) => call.name)).toEqual(['second']);
    });
  });

  it('an audit that throws is told to onerror and still releases the answer, failing closed; an onerror that throws too changes nothing', async () => {
    const errors: string[] = [];
    const first = watching({ fail: new Error('disk full'), onerror: (error) => errors.push(error.message) });
    first.watch.delivered(request(1));
    await expect(first.watch.answering(refusal(1))).resolves.toEqual(failedClosed(1));
    expect(errors).toEqual(['disk full']);
    const second = watching({
      fail: new Error('disk full'),
      onerror: () => {
        throw new Error('reporter broke');
      },
    });
    second.watch.delivered(request(1));
    await expect(second.watch.answering(refusal(1))).resolves.toEqual(failedClosed(1));
  });

  it('the answer goes out as it is when the row was committed (audit answers true or nothing); fails closed when it answers false', async () => {
    const answers: (boolean | undefined)[] = [true, undefined, false];
    const watch = new RefusedCallWatch({ audit: async () => answers.shift() });
    for (const id of [1, 2, 3]) watch.delivered(request(id));
    const sent = [refusal(1), refusal(2), refusal(3)];
    expect(await watch.answering(sent[0] as JSONRPCMessage)).toBe(sent[0]);
    expect(await watch.answering(sent[1] as JSONRPCMessage)).toBe(sent[1]);
    expect(await watch.answering(sent[2] as JSONRPCMessage)).toEqual(failedClosed(3));
  });

  describe('a refused batch (one answer, id null)', () => {
    const batchAnswer = { jsonrpc: '2.0' as const, id: null, error: { code: -32600, message: 'no batches' } };

    it('audits each delivered request that never reached the handler, one after another, before the answer; forgets the others', async () => {
      const order: string[] = [];
      const gates: (() => void)[] = [];
      const watch = new RefusedCallWatch({
        audit: async (call) => {
          order.push(`start ${String(call.id)}`);
          await new Promise<void>((resolve) => gates.push(resolve));
          order.push(`end ${String(call.id)}`);
        },
      });
      watch.delivered(request(1, { name: 'a', arguments: { x: 1 } }));
      watch.delivered(request(2, { name: 'b' }));
      watch.delivered(request(3, { name: 'c' }));
      watch.reached(2);
      const held = watch.answeringBatch(batchAnswer, [1, 2, 3, 9]);
      expect(watch.tracked).toBe(0);
      expect(order).toEqual(['start 1']);
      let sent: unknown;
      void held?.then((answer) => (sent = answer));
      gates.shift()?.();
      await expect.poll(() => order).toEqual(['start 1', 'end 1', 'start 3']);
      expect(sent).toBeUndefined();
      expect(watch.auditing).toBe(1);
      gates.shift()?.();
      expect(await held).toBe(batchAnswer);
      expect(order).toEqual(['start 1', 'end 1', 'start 3', 'end 3']);
    });

    it('each row has the name, arguments and the batch error as its reason', async () => {
      const { watch, audited } = watching();
      watch.delivered(request(1, { name: 'a', arguments: { x: 1 } }));
      await watch.answeringBatch(batchAnswer, [1]);
      expect(audited).toEqual([{ id: 1, name: 'a', arguments: { x: 1 }, reason: '-32600 no batches' }]);
    });

    it('a row not committed (false, or a throw) fails the whole answer closed: the same error code, the message unavailable: auditFailed', async () => {
      const answers = [true, false];
      const watch = new RefusedCallWatch({ audit: async () => answers.shift() });
      watch.delivered(request(1));
      watch.delivered(request(2));
      expect(await watch.answeringBatch(batchAnswer, [1, 2])).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'unavailable: auditFailed' },
      });
      const thrown = watching({ fail: new Error('disk full') });
      thrown.watch.delivered(request(1));
      expect((await thrown.watch.answeringBatch(batchAnswer, [1]))?.error.message).toBe('unavailable: auditFailed');
    });

    it('nothing to audit (no id tracked, or all reached the handler): undefined, and the reached ones are forgotten', () => {
      const { watch, audited } = watching();
      expect(watch.answeringBatch(batchAnswer, [1])).toBeUndefined();
      watch.delivered(request(1));
      watch.reached(1);
      expect(watch.answeringBatch(batchAnswer, [1])).toBeUndefined();
      expect(watch.tracked).toBe(0);
      expect(audited).toEqual([]);
    });

    it('with an id in flight twice, the batch takes its own (the newest one the handler never received)', async () => {
      const { watch, audited } = watching();
      watch.delivered(request(1, { name: 'single' }));
      watch.delivered(request(1, { name: 'batched' }));
      watch.reached(1);
      await watch.answeringBatch(batchAnswer, [1]);
      expect(audited.map((call) => call.name)).toEqual(['batched']);
      expect(watch.unreached(1)).toBe(false);
      expect(watch.tracked).toBe(1);
    });
  });

  it('idle settles once every row being written is written; clear forgets every tracked request', async () => {
    const { watch, release } = watching({ hold: true });
    watch.delivered(request(1));
    watch.delivered(request(2));
    void watch.answering(refusal(1));
    let idle = false;
    const waiting = watch.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(watch.auditing).toBe(0);
    expect(watch.tracked).toBe(1);
    watch.clear();
    expect(watch.tracked).toBe(0);
    expect(watch.unreached(2)).toBe(false);
  });
});
