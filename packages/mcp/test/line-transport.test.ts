import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { LineTransport, RefusedCallWatch } from '../src/index.js';

const request = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

function transport(options: ConstructorParameters<typeof LineTransport>[2] = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (chunk: Buffer) =>
    written.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((l) => l !== ''),
    ),
  );
  const logged: string[] = [];
  const line = new LineTransport(input, output, { log: (l) => logged.push(l), ...options });
  const received: JSONRPCMessage[] = [];
  line.onmessage = (message) => void received.push(message);
  return { input, output, written, logged, line, received };
}

describe('LineTransport', () => {
  it('pauses reading at maxInFlight unanswered requests and resumes as answers go out', async () => {
    const t = transport({ maxInFlight: 3 });
    await t.line.start();
    t.input.write(Array.from({ length: 10 }, (_, i) => request(i + 1)).join(''));
    await tick();
    expect(t.received).toHaveLength(3);
    expect(t.line.paused).toBe(true);
    await t.line.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(t.received).toHaveLength(4);
    for (const id of [2, 3, 4]) await t.line.send({ jsonrpc: '2.0', id, result: {} });
    expect(t.received).toHaveLength(7);
    expect(t.line.reading).toBe('paused');
    for (const id of [5, 6, 7]) await t.line.send({ jsonrpc: '2.0', id, result: {} });
    expect(t.received).toHaveLength(10);
    expect(t.line.reading).toBe('paused');
    await t.line.send({ jsonrpc: '2.0', id: 8, result: {} });
    expect(t.line.reading).toBe('reading');
  });

  it("a notifications/cancelled frees its request's slot (the SDK never answers it): the next request is delivered", async () => {
    const t = transport({ maxInFlight: 3 });
    await t.line.start();
    t.input.write(request(1) + request(2));
    await tick();
    expect(t.line.inFlight).toBe(2);
    t.input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })}\n`);
    await tick();
    expect(t.line.inFlight).toBe(1);
    t.input.write(request(3) + request(4) + request(5));
    await tick();
    // 2, 3 and 4 fill the three slots; without the cancellation 1 would still hold one and 4 would wait.
    expect(t.received.filter((m) => 'id' in m).map((m) => ('id' in m ? m.id : null))).toEqual([1, 2, 3, 4]);
    expect(t.line.inFlight).toBe(3);
    expect(t.line.reading).toBe('paused');
  });

  it('keeps reading while the server waits for the client to answer its own request (no deadlock)', async () => {
    const t = transport({ maxInFlight: 1 });
    await t.line.start();
    t.input.write(request(1));
    await tick();
    await t.line.send({ jsonrpc: '2.0', id: 99, method: 'elicitation/create', params: {} });
    t.input.write(request(2) + `${JSON.stringify({ jsonrpc: '2.0', id: 99, result: { action: 'decline' } })}\n`);
    await tick();
    expect(t.received.map((m) => ('id' in m ? m.id : null))).toEqual([1, 2, 99]);
    // The client's answer is heard, not counted as a request in flight; with it heard the bound applies again.
    expect(t.line.inFlight).toBe(2);
    expect(t.line.reading).toBe('paused');
  });

  it('a line over the limit without a readable id is discarded, logged once, not answered; the next line is served', async () => {
    const t = transport({ maxMessageBytes: 100 });
    await t.line.start();
    t.input.write(`{"jsonrpc":"2.0","method":"x","params":{"id":5,"pad":"${'a'.repeat(300)}"}}\n${request(1)}`);
    await tick();
    expect(t.logged).toEqual([expect.stringMatching(/^discarded an input line of 3\d\d bytes: over the 100-byte message limit \(no id read, not answered\)$/)]);
    expect(t.written).toEqual([]);
    expect(t.received).toHaveLength(1);
  });

  it('many sends into a slow output share one drain listener: no MaxListenersExceededWarning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning);
    process.on('warning', onWarning);
    const slow = new Writable({ highWaterMark: 16, write: (_chunk, _encoding, done) => void setTimeout(done, 1) });
    const line = new LineTransport(new PassThrough(), slow);
    await line.start();
    await Promise.all(Array.from({ length: 200 }, (_, i) => line.send({ jsonrpc: '2.0', id: i, result: {} })));
    await tick();
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(slow.listenerCount('drain')).toBe(0);
  });

  it('the lines sent in one tick go out in one write, in order; a line sent right before close() is written too', async () => {
    const writes: string[] = [];
    const output = new Writable({ write: (chunk: Buffer, _encoding, done) => void (writes.push(chunk.toString()), done()) });
    const line = new LineTransport(new PassThrough(), output);
    await line.start();
    await Promise.all([1, 2, 3].map((id) => line.send({ jsonrpc: '2.0', id, result: {} })));
    await tick();
    expect(writes).toEqual([[1, 2, 3].map((id) => `${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n`).join('')]);
    await line.send({ jsonrpc: '2.0', id: 4, result: {} });
    await line.close();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(`${JSON.stringify({ jsonrpc: '2.0', id: 4, result: {} })}\n`);
    expect([line.reading, line.writing]).toEqual(['done', 'closed']);
    expect(await line.ended).toBe('closed');
  });

  it('the end of input is done reading, and ended settles input-ended only once the lines already read are delivered', async () => {
    const t = transport({ maxInFlight: 1 });
    await t.line.start();
    t.input.end(request(1) + request(2));
    await tick();
    expect(t.line.reading).toBe('done');
    let ended: string | undefined;
    void t.line.ended.then((why) => (ended = why));
    await tick();
    expect(ended).toBeUndefined();
    await t.line.send({ jsonrpc: '2.0', id: 1, result: {} });
    await tick();
    expect(t.received).toHaveLength(2);
    expect(ended).toBe('input-ended');
  });

  it('a failed output is writing failed: ended settles output-failed, outputFailure names the error, nothing more is written', async () => {
    const writes: string[] = [];
    const output = new Writable({ write: (chunk: Buffer, _encoding, done) => void (writes.push(chunk.toString()), done()) });
    const line = new LineTransport(new PassThrough(), output);
    await line.start();
    expect(line.writing).toBe('open');
    output.emit('error', Object.assign(new Error('broken pipe'), { code: 'EPIPE' }));
    expect([line.writing, line.outputFailure, await line.ended]).toEqual(['failed', 'EPIPE', 'output-failed']);
    await line.send({ jsonrpc: '2.0', id: 1, result: {} });
    await tick();
    expect(writes).toEqual([]);
  });

  it('is reading, not paused, once started; a notification of the server does not lift the in-flight bound', async () => {
    const t = transport({ maxInFlight: 1 });
    await t.line.start();
    expect([t.line.reading, t.line.paused]).toEqual(['reading', false]);
    await t.line.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
    t.input.write(request(1) + request(2));
    await tick();
    expect(t.received).toHaveLength(1);
    expect(t.line.paused).toBe(true);
  });

  it('answers what it cannot deliver: not JSON -32700 (id null), an unknown message with an id -32600, one without an id dropped to onerror; blank lines and a trailing \\r are nothing', async () => {
    const t = transport();
    const errors: string[] = [];
    t.line.onerror = (error) => void errors.push(error.message);
    await t.line.start();
    t.input.write(
      `not json\n\r\n   \n${JSON.stringify({ jsonrpc: '2.0', id: 5, foo: 1 })}\n${JSON.stringify({ jsonrpc: '2.0', foo: 1 })}\n${request(1).trimEnd()}\r\n`,
    );
    await tick();
    expect(t.written.map((l) => JSON.parse(l) as unknown)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
      { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message MCP knows' } },
    ]);
    expect(errors).toEqual(['dropped an input message: not a JSON-RPC 2.0 message MCP knows, and no id to answer']);
    expect(t.received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(t.line.inFlight).toBe(1);
  });

  it('a line over the limit with a readable id is answered -32600 naming its size, and logged', async () => {
    const t = transport({ maxMessageBytes: 100 });
    await t.line.start();
    const long = `{"jsonrpc":"2.0","id":7,"method":"x","params":{"pad":"${'a'.repeat(200)}"}}`;
    t.input.write(`${long}\n`);
    await tick();
    const bytes = Buffer.byteLength(long);
    expect(t.written.map((l) => JSON.parse(l) as unknown)).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: `Request too large: ${bytes} bytes, over the 100-byte message limit` } },
    ]);
    expect(t.logged).toEqual([`discarded an input line of ${bytes} bytes: over the 100-byte message limit (request id 7 answered -32600)`]);
    expect(t.received).toEqual([]);
  });

  it('a failed input is done reading: ended settles input-failed, it is logged, and a partial line is not delivered when the input then ends', async () => {
    const t = transport();
    await t.line.start();
    t.input.write(request(1).trimEnd());
    t.input.emit('error', new Error('boom'));
    expect([t.line.reading, await t.line.ended]).toEqual(['done', 'input-failed']);
    expect(t.logged).toEqual(['input failed: boom']);
    t.input.end();
    await tick();
    expect(t.received).toEqual([]);
  });

  it('an input that ended before start() ends the transport input-ended', async () => {
    const input = new PassThrough();
    input.end();
    input.resume();
    await tick();
    expect(input.readableEnded).toBe(true);
    const line = new LineTransport(input, new PassThrough());
    await line.start();
    expect(await Promise.race([line.ended, tick().then(() => 'still open')])).toBe('input-ended');
  });

  it('stopReading() drops the lines not yet delivered and stays done while answers go out', async () => {
    const t = transport({ maxInFlight: 1 });
    await t.line.start();
    t.input.write(request(1) + request(2) + request(3));
    await tick();
    t.line.stopReading();
    await t.line.send({ jsonrpc: '2.0', id: 1, result: {} });
    await tick();
    expect(t.received).toHaveLength(1);
    expect(t.line.reading).toBe('done');
    expect(t.written).toEqual([JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} })]);
  });

  it("close() tells the SDK once; after it the input's errors are not its own", async () => {
    const t = transport();
    let closes = 0;
    t.line.onclose = () => void closes++;
    await t.line.start();
    await t.line.close();
    await t.line.close();
    expect(closes).toBe(1);
    t.input.on('error', () => undefined);
    t.input.emit('error', new Error('late'));
    expect(t.logged).toEqual([]);
    expect(await t.line.ended).toBe('closed');
  });

  it('with a watch: a delivered tools/call is tracked, a string-id cancellation releases it, and a refusal waits for its row', async () => {
    let release = () => undefined as void;
    const row = new Promise<void>((resolve) => (release = resolve));
    const watch = new RefusedCallWatch({ audit: () => row });
    const t = transport({ watch });
    await t.line.start();
    const call = (id: number | string) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x', arguments: {} } })}\n`;
    t.input.write(call('a') + call(2) + request(3));
    await tick();
    expect([watch.tracked, t.line.inFlight]).toEqual([2, 3]);
    t.input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a' } })}\n`);
    t.input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } })}\n`);
    await tick();
    expect([watch.tracked, t.line.inFlight]).toEqual([1, 1]);
    const sent = t.line.send({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid _meta envelope' } });
    await tick();
    expect(t.written).toEqual([]);
    expect(t.line.inFlight).toBe(1);
    release();
    await sent;
    await tick();
    expect(t.written.map((l) => (JSON.parse(l) as { id: unknown }).id)).toEqual([2]);
    expect([watch.tracked, t.line.inFlight]).toEqual([0, 0]);
  });

  describe('a batch (a JSON array) is refused whole: -32600, id null', () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x', arguments: { id } } });

    it('without a watch, or without a tools/call in it, it is answered at once and nothing is delivered', async () => {
      const t = transport();
      await t.line.start();
      t.input.write(`${JSON.stringify([call(1)])}\n[]\n`);
      await tick();
      expect(t.received).toEqual([]);
      expect(t.written.map((l) => JSON.parse(l) as unknown)).toEqual([
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported' } },
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported' } },
      ]);
      const watched = transport({ watch: new RefusedCallWatch({ audit: async () => true }) });
      await watched.line.start();
      watched.input.write(`${JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }])}\n`);
      await tick();
      expect(watched.written).toHaveLength(1);
    });

    it('with a watch, it holds one in-flight slot until the rows of its tools/call requests are written, then is answered', async () => {
      let release = () => undefined as void;
      const rows = new Promise<void>((resolve) => (release = resolve));
      const audited: unknown[] = [];
      const watch = new RefusedCallWatch({ audit: async (refused) => (audited.push(refused.arguments), rows) });
      const t = transport({ watch, maxInFlight: 1 });
      await t.line.start();
      t.input.write(`${JSON.stringify([call(1), { jsonrpc: '2.0', method: 'tools/call' }, call(2)])}\n${request(3)}`);
      await tick();
      expect([t.line.inFlight, t.line.paused, t.received.length, t.written.length]).toEqual([1, true, 0, 0]);
      expect(audited).toEqual([{ id: 1 }]);
      release();
      await tick();
      expect(audited).toEqual([{ id: 1 }, { id: 2 }]);
      expect(t.written.map((l) => (JSON.parse(l) as { id: unknown }).id)).toEqual([null]);
      // The slot is free again: the request after the batch is delivered.
      expect(t.received.map((m) => ('id' in m ? m.id : undefined))).toEqual([3]);
      expect(watch.tracked).toBe(0);
    });
  });
});
