import { describe, expect, it } from 'vitest';
import { TokenNameTakenError } from '../src/index.js';

describe('TokenNameTakenError', () => {
  it('names the token, where it is kept, and how to free the name', () => {
    const error = new TokenNameTakenError('/data/tokens.json', 'ci-bot');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(TokenNameTakenError);
    expect(error.name).toBe('TokenNameTakenError');
    expect(error.tokenName).toBe('ci-bot');
    expect(error.message).toBe('a token named "ci-bot" exists in /data/tokens.json: revoke it first (xcap token revoke ci-bot)');
  });
});
