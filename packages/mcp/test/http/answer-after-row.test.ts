import type { RequestId } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { RefusedCallWatch, type RefusedToolsCall } from '../../src/index.js';
import { answerAfterRow } from '../../src/http/answer-after-row.js';

const request = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'photos__list', arguments: { limit: 1 } } };

/** An event stream whose events are pushed by the test. */
function eventStream() {
  let push: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
      end = () => controller.close();
    },
  });
  return { response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }), push: (text: string) => push(text), end: () => end() };
}

function gatedWatch() {
  const audited: RefusedToolsCall[] = [];
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const watch = new RefusedCallWatch({
    audit: async (call) => {
      audited.push(call);
      await opened;
    },
  });
  return { watch, audited, open: () => open() };
}

describe('answerAfterRow on an event stream', () => {
  it('holds the events of a request the handler never received until the refusal row is written, then sends them all', async () => {
    const { watch, audited, open } = gatedWatch();
    watch.delivered(request);
    const stream = eventStream();
    let released = 0;
    const response = await answerAfterRow(stream.response, () => void released++, watch, [7]);
    const text = response.text();
    stream.push('event: message\ndata: {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"refused here"}}\n\n');
    stream.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(audited).toEqual([{ id: 7, name: 'photos__list', arguments: { limit: 1 }, reason: '-32602 refused here' }]);
    expect(released).toBe(0);
    let done = false;
    void text.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    open();
    expect(await text).toContain('refused here');
    expect(released).toBe(1);
    expect(watch.tracked).toBe(0);
  });

  it('passes the events of a request the handler received straight through; nothing audited', async () => {
    const { watch, audited } = gatedWatch();
    watch.delivered(request);
    const stream = eventStream();
    const response = await answerAfterRow(stream.response, () => undefined, watch, [7]);
    const reader = response.body!.getReader();
    watch.reached(7);
    stream.push('data: {"jsonrpc":"2.0","id":7,"result":{"content":[]}}\n\n');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"result"');
    expect(watch.answering({ jsonrpc: '2.0', id: 7, result: { content: [] } })).toBeUndefined();
    stream.end();
    expect((await reader.read()).done).toBe(true);
    expect(audited).toEqual([]);
  });
});

describe('answerAfterRow: a row that was not committed fails closed', () => {
  const refusedEvent = 'event: message\ndata: {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"refused here"}}\n\n';
  const notCommitted = () => new RefusedCallWatch({ audit: async () => false });

  it('an event stream: the held events are replaced by one event with unavailable: auditFailed', async () => {
    const watch = notCommitted();
    watch.delivered(request);
    const stream = eventStream();
    let released = 0;
    const response = await answerAfterRow(stream.response, () => void released++, watch, [7]);
    stream.push(refusedEvent);
    stream.end();
    const text = await response.text();
    expect(text).not.toContain('refused here');
    const data = text.split('\n').find((line) => line.startsWith('data: '));
    expect(JSON.parse(data?.slice(6) ?? 'null')).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true, resultType: 'complete' },
    });
    expect(released).toBe(1);
  });

  it('a plain answer: HTTP 200 with the fail-closed result, the slot released once', async () => {
    const watch = notCommitted();
    watch.delivered(request);
    let released = 0;
    const sdk = new Response(JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'refused here' } }), {
      status: 400,
      headers: { 'content-type': 'application/json', 'x-kept': 'yes' },
    });
    const response = await answerAfterRow(sdk, () => void released++, watch, [7]);
    expect([response.status, response.headers.get('content-type'), response.headers.get('x-kept')]).toEqual([200, 'application/json', 'yes']);
    expect(await response.json()).toMatchObject({ id: 7, result: { isError: true, content: [{ text: 'unavailable: auditFailed' }] } });
    expect(released).toBe(1);
  });

  it('a batch answered as one (id null): its rows one after another, then its error with unavailable: auditFailed and the same status', async () => {
    const audited: RequestId[] = [];
    const watch = new RefusedCallWatch({ audit: async (call) => (audited.push(call.id), call.id !== 2) });
    watch.delivered({ ...request, id: 1 });
    watch.delivered({ ...request, id: 2 });
    const sdk = new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no batches' } }), { status: 400 });
    const response = await answerAfterRow(sdk, () => undefined, watch, [1, 2], true);
    expect(audited).toEqual([1, 2]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'unavailable: auditFailed' } });
  });

  it('a batch whose rows were committed: the SDK answer as it is; one answered as an array is read element by element', async () => {
    const reasons: string[] = [];
    const watch = new RefusedCallWatch({ audit: async (call) => (reasons.push(call.reason), true) });
    watch.delivered({ ...request, id: 1 });
    const sdk = new Response(JSON.stringify([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no batches' } }]), { status: 400 });
    const response = await answerAfterRow(sdk, () => undefined, watch, [1], true);
    expect(await response.json()).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no batches' } }]);
    expect(reasons).toEqual(['-32600 no batches']);
  });
});

describe('RefusedCallWatch', () => {
  it('tracks per request in flight: cancelled and answered requests are forgotten; only error answers to unreached requests are audited', async () => {
    const audited: RefusedToolsCall[] = [];
    const watch = new RefusedCallWatch({ audit: async (call) => void audited.push(call) });
    watch.delivered({ jsonrpc: '2.0', id: 'a', method: 'tools/list' });
    watch.delivered({ jsonrpc: '2.0', method: 'tools/call', params: {} });
    expect(watch.tracked).toBe(0);
    watch.delivered({ ...request, id: 1 });
    watch.cancelled(1);
    expect(watch.tracked).toBe(0);
    watch.delivered({ ...request, id: 2 });
    watch.reached(2);
    expect(watch.answering({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool: x' } })).toBeUndefined();
    watch.delivered({ ...request, id: 3 });
    await watch.answering({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'no envelope' } });
    expect(audited.map((c) => [c.id, c.reason])).toEqual([[3, '-32602 no envelope']]);
    expect(watch.tracked).toBe(0);
  });

  it('an audit that throws is reported and the answer is released, failing closed', async () => {
    const errors: Error[] = [];
    const watch = new RefusedCallWatch({
      audit: async () => {
        throw new Error('boom');
      },
      onerror: (error) => errors.push(error),
    });
    watch.delivered(request);
    await expect(watch.answering({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'x' } })).resolves.toMatchObject({
      id: 7,
      result: { content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true },
    });
    expect(errors.map((e) => e.message)).toEqual(['boom']);
    await watch.idle();
  });
});
