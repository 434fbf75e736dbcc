import { describe, expect, it } from 'vitest';
import { maxTimerDelay, timerDelay } from '../src/index.js';

describe('timerDelay', () => {
  it('keeps a delay setTimeout honours', () => {
    expect([0, 1, 1_500, maxTimerDelay].map(timerDelay)).toEqual([0, 1, 1_500, maxTimerDelay]);
  });

  it('makes a negative or NaN delay 0 and clamps a longer one to 2^31 - 1 ms (setTimeout would run it at once)', () => {
    expect([-5, Number.NaN, -Infinity].map(timerDelay)).toEqual([0, 0, 0]);
    expect([maxTimerDelay + 1, Infinity].map(timerDelay)).toEqual([2 ** 31 - 1, 2 ** 31 - 1]);
  });
});
