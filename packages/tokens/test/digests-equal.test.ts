import { describe, expect, it } from 'vitest';
import { digestsEqual } from '../src/index.js';

describe('digestsEqual', () => {
  it('is true for equal bytes only', () => {
    const a = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(digestsEqual(a, Uint8Array.from(a))).toBe(true);
    for (const at of [0, 15, 31]) {
      const b = Uint8Array.from(a);
      b[at] = (b[at] as number) ^ 1;
      expect(digestsEqual(a, b), `differs at ${at}`).toBe(false);
    }
  });

  it('is false for different lengths, even as a prefix', () => {
    const a = new Uint8Array([1, 2, 3]);
    expect(digestsEqual(a, a.subarray(0, 2))).toBe(false);
    expect(digestsEqual(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });
});
