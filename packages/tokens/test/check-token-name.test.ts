import { describe, expect, it } from 'vitest';
import { checkTokenName } from '../src/index.js';

describe('checkTokenName', () => {
  it('returns for a token name', () => {
    expect(() => checkTokenName('ci-bot')).not.toThrow();
  });

  it('throws a TypeError naming the bad name and the rule', () => {
    expect(() => checkTokenName('../x')).toThrow(new TypeError('"../x" is not a token name (1 to 64 of A-Z a-z 0-9 . _ -, starting with a letter or digit)'));
    expect(() => checkTokenName(undefined)).toThrow(/^undefined is not a token name/);
    expect(() => checkTokenName(7)).toThrow(TypeError);
  });
});
