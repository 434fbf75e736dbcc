import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../src/index.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setImmediate'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the promise callbacks queued so far run (not the faked setImmediate). */
const settled = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function track(promise: Promise<void>): { state: 'pending' | 'resolved' | 'rejected'; error?: unknown } {
  const seen: { state: 'pending' | 'resolved' | 'rejected'; error?: unknown } = { state: 'pending' };
  promise.then(
    () => (seen.state = 'resolved'),
    (error: unknown) => Object.assign(seen, { state: 'rejected', error }),
  );
  return seen;
}

describe('GroupCommit with a synchronous commit', () => {
  it('commits the items of one tick together at setImmediate, and settles them only then', async () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number>((batch) => void batches.push([...batch]));
    const writes = [1, 2, 3].map((n) => track(group.add(n)));
    await settled();
    expect(batches).toEqual([]);
    expect(writes.map((w) => w.state)).toEqual(['pending', 'pending', 'pending']);
    expect(group.waiting).toBe(3);
    vi.runAllTimers();
    await settled();
    expect(batches).toEqual([[1, 2, 3]]);
    expect(writes.map((w) => w.state)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(group.commits).toBe(1);
    const fourth = group.add(4);
    vi.runAllTimers();
    expect(batches).toEqual([[1, 2, 3], [4]]);
    await fourth;
  });

  it('commits at once when maxBatch items wait', () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number>((batch) => void batches.push([...batch]), { maxBatch: 2 });
    void group.add(1);
    expect(batches).toEqual([]);
    void group.add(2);
    expect(batches).toEqual([[1, 2]]);
    void group.add(3);
    vi.runAllTimers();
    expect(batches).toEqual([[1, 2], [3]]);
    expect(group.commits).toBe(2);
  });

  it('flushSync commits what waits before it returns', () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number>((batch) => void batches.push([...batch]));
    void group.add(1);
    void group.add(2);
    group.flushSync();
    expect(batches).toEqual([[1, 2]]);
    vi.runAllTimers();
    expect(batches).toEqual([[1, 2]]);
  });

  it('rejects every item of a failed batch with its error and counts no commit; the next batch is committed', async () => {
    const failure = new Error('disk full');
    let fail = true;
    const group = new GroupCommit<number>(() => {
      if (fail) throw failure;
    });
    const writes = [track(group.add(1)), track(group.add(2))];
    vi.runAllTimers();
    await settled();
    expect(writes).toEqual([
      { state: 'rejected', error: failure },
      { state: 'rejected', error: failure },
    ]);
    expect(group.commits).toBe(0);
    fail = false;
    const next = track(group.add(3));
    vi.runAllTimers();
    await settled();
    expect(next.state).toBe('resolved');
    expect(group.commits).toBe(1);
  });

  it('refuses a maxBatch that is not a positive integer, naming its owner', () => {
    for (const maxBatch of [0, -1, 1.5, Number.NaN])
      expect(() => new GroupCommit(() => undefined, { maxBatch, name: 'TestSink' })).toThrow(
        new RangeError(`TestSink: maxBatch must be a positive integer, got ${String(maxBatch)}`),
      );
  });
});

describe('GroupCommit with an asynchronous commit', () => {
  function deferredCommits() {
    const calls: { batch: number[]; finish: (error?: Error) => void }[] = [];
    const group = new GroupCommit<number>(
      (batch) =>
        new Promise<void>((resolve, reject) => {
          calls.push({ batch: [...batch], finish: (error?: Error) => (error === undefined ? resolve() : reject(error)) });
        }),
      { maxBatch: 3 },
    );
    return { group, calls };
  }

  it('keeps one commit in flight; items added meanwhile form the next batch, started when it ends', async () => {
    const { group, calls } = deferredCommits();
    const first = [track(group.add(1)), track(group.add(2))];
    vi.runAllTimers();
    expect(calls.map((c) => c.batch)).toEqual([[1, 2]]);
    const second = [track(group.add(3)), track(group.add(4))];
    vi.runAllTimers();
    expect(calls).toHaveLength(1);
    expect(group.waiting).toBe(2);
    calls[0]?.finish();
    await settled();
    expect(first.map((w) => w.state)).toEqual(['resolved', 'resolved']);
    expect(second.map((w) => w.state)).toEqual(['pending', 'pending']);
    vi.runAllTimers();
    expect(calls.map((c) => c.batch)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    calls[1]?.finish(new Error('connection lost'));
    await settled();
    expect(second.map((w) => w.state)).toEqual(['rejected', 'rejected']);
    expect(group.commits).toBe(1);
  });

  it('splits what waits behind a commit into batches of maxBatch', async () => {
    const { group, calls } = deferredCommits();
    for (let i = 1; i <= 3; i++) void group.add(i);
    expect(calls.map((c) => c.batch)).toEqual([[1, 2, 3]]);
    for (let i = 4; i <= 8; i++) void group.add(i);
    calls[0]?.finish();
    await settled();
    expect(calls.map((c) => c.batch)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    calls[1]?.finish();
    await settled();
    vi.runAllTimers();
    expect(calls.map((c) => c.batch)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
  });

  it('flush resolves once nothing waits and no commit is in flight, starting what waits', async () => {
    const { group, calls } = deferredCommits();
    void group.add(1);
    const flushed = track(group.flush());
    expect(calls.map((c) => c.batch)).toEqual([[1]]);
    const second = track(group.add(2));
    calls[0]?.finish();
    await settled();
    expect(flushed.state).toBe('pending');
    expect(calls.map((c) => c.batch)).toEqual([[1], [2]]);
    calls[1]?.finish(new Error('refused'));
    await settled();
    expect(flushed.state).toBe('resolved');
    expect(second.state).toBe('rejected');
    expect(group.waiting).toBe(0);
  });
});
