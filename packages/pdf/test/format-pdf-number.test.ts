import { describe, expect, it } from 'vitest';
import { formatPdfNumber } from '../src/index.js';

describe('formatPdfNumber (Math.round(x * 100) / 100, then String)', () => {
  const cases: ReadonlyArray<readonly [number, string]> = [
    [12, '12'],
    [12.5, '12.5'],
    [12.25, '12.25'],
    [160.839, '160.84'],
    [625.161, '625.16'],
    [0.125, '0.13'],
    [1.005, '1'],
    [2.675, '2.68'],
    [12.345, '12.35'],
    [-2.5, '-2.5'],
    [-0.001, '0'],
    [-0.005, '0'],
    [-0, '0'],
    [1e-7, '0'],
    [99.999, '100'],
  ];
  for (const [value, printed] of cases) {
    it(`${value} → ${printed}`, () => {
      expect(formatPdfNumber(value)).toBe(printed);
      expect(formatPdfNumber(value)).toBe(String(Math.round(value * 100) / 100));
    });
  }
});
