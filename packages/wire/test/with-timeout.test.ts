import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from '../src/index.js';
import { errorOf } from '@xcap/test-support';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('withTimeout', () => {
  it('resolves with the value, and rejects with the error (a synchronous throw too), of work done in time', async () => {
    await expect(withTimeout(() => 5, 100, 'x')).resolves.toBe(5);
    await expect(withTimeout(() => Promise.reject(new Error('no')), 100, 'x')).rejects.toThrow(errorOf(Error, 'no'));
    await expect(
      withTimeout(
        () => {
          throw new Error('thrown');
        },
        100,
        'x',
      ),
    ).rejects.toThrow(errorOf(Error, 'thrown'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with a TimeoutError naming what did not answer once the time is up, not a moment before', async () => {
    const work = deferred<number>();
    let settled: unknown;
    withTimeout(() => work.promise, 100, 'grant store get').catch((error: unknown) => (settled = error));
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(Error);
    expect(settled).toMatchObject({ name: 'TimeoutError', message: 'grant store get did not answer within 100 ms' });
  });

  it('hands a value that arrives after the timeout to onLate (a throw there is swallowed); a late error goes nowhere', async () => {
    const late: number[] = [];
    const work = deferred<number>();
    const timed = withTimeout(
      () => work.promise,
      10,
      'blob store put',
      (value) => {
        late.push(value);
        throw new Error('onLate failed');
      },
    );
    const outcome = expect(timed).rejects.toThrow(errorOf(Error, 'did not answer within 10 ms'));
    await vi.advanceTimersByTimeAsync(10);
    await outcome;
    work.resolve(42);
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toEqual([42]);
    const failing = deferred<number>();
    const failed = withTimeout(
      () => failing.promise,
      10,
      'y',
      (value) => late.push(value),
    );
    const failedOutcome = expect(failed).rejects.toThrow(errorOf(Error, 'did not answer'));
    await vi.advanceTimersByTimeAsync(10);
    await failedOutcome;
    failing.reject(new Error('late error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toEqual([42]);
  });

  it('Infinity sets no timer and waits for ever; a negative timeout is no wait', async () => {
    const work = deferred<number>();
    const forever = withTimeout(() => work.promise, Infinity, 'x');
    expect(vi.getTimerCount()).toBe(0);
    work.resolve(1);
    await expect(forever).resolves.toBe(1);
    const never = withTimeout(() => new Promise<number>(() => undefined), -5, 'z');
    const outcome = expect(never).rejects.toThrow(errorOf(Error, 'z did not answer within -5 ms'));
    await vi.advanceTimersByTimeAsync(0);
    await outcome;
  });
});
