import { afterEach, describe, expect, it, vi } from 'vitest';
import { realTimers } from '../src/index.js';

afterEach(() => void vi.useRealTimers());

describe('realTimers', () => {
  it('runs on the global timers and clock at each call, so vi.useFakeTimers() drives it', () => {
    vi.useFakeTimers({ now: 1_000 });
    const ran: number[] = [];
    realTimers.setTimeout(() => ran.push(realTimers.now()), 50);
    const cancelled = realTimers.setTimeout(() => ran.push(-1), 60);
    realTimers.clearTimeout(cancelled);
    realTimers.clearTimeout(undefined);
    vi.advanceTimersByTime(49);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([1_050]);
  });
});
