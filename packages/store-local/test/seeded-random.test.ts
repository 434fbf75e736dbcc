import { describe, expect, it } from 'vitest';
import { seededRandom, testSeed } from './seeded-random.js';

describe('seededRandom', () => {
  it('gives the same numbers in [0, 1) for the same seed, other numbers for another seed', () => {
    const take = (seed: number) => Array.from({ length: 50 }, seededRandom(seed));
    const first = take(42);
    expect(take(42)).toEqual(first);
    expect(take(43)).not.toEqual(first);
    expect(new Set(first).size).toBe(50);
    for (const value of [...first, ...take(0), ...take(2 ** 32 - 1)]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('testSeed', () => {
  it('takes the seed from the environment, refuses one that is not a 32-bit integer, else makes one', () => {
    expect(testSeed('SEED', { SEED: '12345' })).toBe(12345);
    for (const bad of ['x', '-1', '1.5', String(2 ** 32)]) expect(() => testSeed('SEED', { SEED: bad })).toThrow(RangeError);
    const made = testSeed('SEED', {});
    expect(Number.isSafeInteger(made) && made >= 0 && made < 2 ** 32).toBe(true);
  });
});
