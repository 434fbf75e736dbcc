import * as tokens from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import * as storePostgres from '../src/index.js';

describe('the token names that moved to @xcap/tokens', () => {
  it('are still exported by @xcap/store-postgres as the very same values', () => {
    expect(storePostgres.TokenNameTakenError).toBe(tokens.TokenNameTakenError);
    expect(storePostgres.tokenBytes).toBe(tokens.tokenBytes);
  });
});
