import { describe, expect, it } from 'vitest';
import { usableId } from '../src/index.js';

describe('usableId', () => {
  it('is true for a string or a safe integer, the ids an answer can name', () => {
    expect(['', 'a', 0, -3, Number.MAX_SAFE_INTEGER].map(usableId)).toEqual([true, true, true, true, true]);
  });

  it('is false for null, a fraction, an unsafe integer, NaN and anything else', () => {
    expect([null, undefined, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, {}, [1], true].map(usableId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
