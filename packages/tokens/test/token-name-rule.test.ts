import { describe, expect, it } from 'vitest';
import { tokenNamePattern, tokenNameRule } from '../src/index.js';

describe('tokenNameRule', () => {
  it('states the bounds and characters the pattern enforces', () => {
    const [, longest] = /^1 to (\d+) of /.exec(tokenNameRule) ?? [];
    const length = Number(longest);
    expect(tokenNamePattern.test('a'.repeat(length))).toBe(true);
    expect(tokenNamePattern.test('a'.repeat(length + 1))).toBe(false);
    for (const character of ['A', 'z', '0', '.', '_', '-']) expect(tokenNamePattern.test(`a${character}`), character).toBe(true);
    expect(tokenNameRule).toMatch(/starting with a letter or digit$/);
  });
});
