import { describe, expect, it } from 'vitest';
import { isTokenName, tokenNamePattern } from '../src/index.js';

describe('isTokenName', () => {
  it('takes 1 to 64 of A-Z a-z 0-9 . _ -, starting with a letter or digit', () => {
    for (const name of ['a', 'Z', '7', 'ci-bot', 'agent.v2_x', `a${'b'.repeat(63)}`]) expect(isTokenName(name), name).toBe(true);
  });

  it('refuses everything else, and non-strings', () => {
    for (const name of ['', '-a', '.a', '_a', `a${'b'.repeat(64)}`, 'a b', 'a/b', '../x', 'é', 'a\n', 'a\0'])
      expect(isTokenName(name), JSON.stringify(name)).toBe(false);
    for (const value of [undefined, null, 7, ['a'], { name: 'a' }]) expect(isTokenName(value)).toBe(false);
  });

  it('is tokenNamePattern for strings', () => {
    expect(tokenNamePattern.test('ci-bot')).toBe(true);
    expect(tokenNamePattern.test('-ci')).toBe(false);
  });
});
