import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvesWithin, type Timers } from '../src/index.js';
import { errorOf } from '@xcap/test-support';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('resolvesWithin', () => {
  it('answers true for a promise that resolves in time, false once the time is up first (not before)', async () => {
    const soon = resolvesWithin(new Promise((resolve) => setTimeout(resolve, 5)), 1_000);
    await vi.advanceTimersByTimeAsync(5);
    expect(await soon).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    let answer: boolean | undefined;
    void resolvesWithin(new Promise(() => undefined), 20).then((a) => (answer = a));
    await vi.advanceTimersByTimeAsync(19);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
  });

  it("rejects with the promise's rejection (it waits for resolution, not for any end)", async () => {
    await expect(resolvesWithin(Promise.reject(new Error('gone')), 1_000)).rejects.toThrow(errorOf(Error, 'gone'));
  });

  it('a negative wait is no wait', async () => {
    const answer = resolvesWithin(new Promise(() => undefined), -5);
    await vi.advanceTimersByTimeAsync(0);
    expect(await answer).toBe(false);
  });

  it('waits on the timers it is given', async () => {
    const delays: number[] = [];
    let fire: () => void = () => undefined;
    const timers: Timers = { setTimeout: (run, ms) => (delays.push(ms), (fire = run)), clearTimeout: () => undefined, now: () => 0 };
    const answer = resolvesWithin(new Promise(() => undefined), 300, timers);
    expect(delays).toEqual([300]);
    fire();
    expect(await answer).toBe(false);
  });
});
