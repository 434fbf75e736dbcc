import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { LineTransport } from '../src/index.js';

const request = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

function transport(options: ConstructorParameters<typeof LineTransport>[2] = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(...chunk.toString().split('\n').filter((l) => l !== '')));
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

  it('a notifications/cancelled frees its request\'s slot (the SDK never answers it): the next request is delivered', async () => {
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
});
