import * as tokens from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import * as mcp from '../../src/index.js';

describe('the token names that moved to @xcap/tokens', () => {
  it('are still exported by @xcap/mcp as the very same values', () => {
    for (const name of ['MemoryTokenStore', 'digestsEqual', 'tokenDigest', 'isTokenName', 'tokenClient', 'tokenNamePattern'] as const)
      expect(mcp[name], name).toBe(tokens[name]);
  });
});
