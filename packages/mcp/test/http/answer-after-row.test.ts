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
    const response = await answerAfterRow(stream.response, () => void released++, watch, 7);
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
    const response = await answerAfterRow(stream.response, () => undefined, watch, 7);
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

  it('an audit that throws is reported and the answer is released', async () => {
    const errors: Error[] = [];
    const watch = new RefusedCallWatch({
      audit: async () => {
        throw new Error('boom');
      },
      onerror: (error) => errors.push(error),
    });
    watch.delivered(request);
    await expect(watch.answering({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'x' } })).resolves.toBeUndefined();
    expect(errors.map((e) => e.message)).toEqual(['boom']);
    await watch.idle();
  });
});
