import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BatchedWriter } from '../src/batched-writer.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A Writable recording each write() it gets, completing it when `complete` is called (or at once). */
function recorder(highWaterMark = 16 * 1024, holdWrites = false) {
  const writes: string[] = [];
  const held: (() => void)[] = [];
  const output = new Writable({
    highWaterMark,
    write: (chunk: Buffer, _encoding, done) => {
      writes.push(chunk.toString());
      if (holdWrites) held.push(() => done());
      else done();
    },
  });
  return { output, writes, release: () => held.splice(0).forEach((done) => done()) };
}

/** Whether `promise` has settled by now (after the microtasks already queued). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('BatchedWriter', () => {
  it('firstWrite settles when the first text is handed to the output, not when it is batched', async () => {
    const { output, writes } = recorder();
    const writer = new BatchedWriter(output);
    expect(await settled(writer.firstWrite)).toBe(false);
    await writer.write('a\n');
    expect(await settled(writer.firstWrite)).toBe(false);
    await tick();
    expect(writes).toEqual(['a\n']);
    expect(await settled(writer.firstWrite)).toBe(true);
  });

  it('firstWrite settles when the writer closes or fails before writing anything', async () => {
    const closed = new BatchedWriter(recorder().output);
    closed.close();
    expect(await settled(closed.firstWrite)).toBe(true);
    const failed = new BatchedWriter(recorder().output);
    expect(failed.fail(new Error('EPIPE'))).toBe(true);
    expect(await settled(failed.firstWrite)).toBe(true);
  });

  it('hands the text of one tick to the output in one write, in order', async () => {
    const { output, writes } = recorder();
    const writer = new BatchedWriter(output);
    await Promise.all(['a\n', 'b\n', 'c\n'].map((t) => writer.write(t)));
    expect(writes).toEqual([]);
    await tick();
    expect(writes).toEqual(['a\nb\nc\n']);
    await writer.write('d\n');
    await tick();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('is draining while the output buffer is full: later writes wait for drain, on one listener, then go out', async () => {
    const { output, writes, release } = recorder(4, true);
    const writer = new BatchedWriter(output);
    await writer.write('12345\n');
    await tick();
    expect(writer.state).toBe('draining');
    let batched = 0;
    const waiting = Array.from({ length: 20 }, (_, i) => writer.write(`${i}\n`).then(() => batched++));
    await tick();
    expect(batched).toBe(0);
    expect(output.listenerCount('drain')).toBe(1);
    release();
    await Promise.all(waiting);
    expect(writer.state).toBe('open');
    expect(output.listenerCount('drain')).toBe(0);
    await tick();
    release();
    expect(writes.join('')).toBe(`12345\n${Array.from({ length: 20 }, (_, i) => `${i}\n`).join('')}`);
  });

  it('close() writes what this tick batched at once, then nothing more', async () => {
    const { output, writes } = recorder();
    const writer = new BatchedWriter(output);
    await writer.write('last\n');
    writer.close();
    expect(writes).toEqual(['last\n']);
    expect(writer.state).toBe('closed');
    await writer.write('after\n');
    await tick();
    expect(writes).toEqual(['last\n']);
  });

  it('fail() is final: it names the error code, drops what was batched and later writes, and answers false the second time', async () => {
    const output = new PassThrough();
    const written: string[] = [];
    output.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const writer = new BatchedWriter(output);
    await writer.write('lost\n');
    expect(writer.fail(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(writer.fail(new Error('again'))).toBe(false);
    expect([writer.state, writer.failure]).toEqual(['failed', 'EPIPE']);
    await writer.write('later\n');
    await tick();
    expect(written).toEqual([]);
    writer.close();
    expect([writer.state, writer.failure]).toEqual(['closed', 'EPIPE']);
  });

  it('a failure while draining stays failed when the output drains or closes, and releases the waiting writes', async () => {
    const { output, writes, release } = recorder(4, true);
    const writer = new BatchedWriter(output);
    await writer.write('12345\n');
    await tick();
    expect(writer.state).toBe('draining');
    const waiting = writer.write('dropped\n');
    expect(writer.fail(new Error('gone'))).toBe(true);
    release();
    await waiting;
    await tick();
    expect([writer.state, writer.failure]).toEqual(['failed', 'gone']);
    expect(writes).toEqual(['12345\n']);
  });

  it('an output closed while draining releases the waiting writes', async () => {
    const { output } = recorder(4, true);
    const writer = new BatchedWriter(output);
    await writer.write('12345\n');
    await tick();
    expect(writer.state).toBe('draining');
    let batched = false;
    const waiting = writer.write('after\n').then(() => (batched = true));
    output.destroy();
    await waiting;
    expect(batched).toBe(true);
    expect(output.listenerCount('close')).toBe(0);
  });
});
