import * as tokens from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import * as hostNode from '../../src/index.js';

describe('the token names that moved to @xcap/tokens', () => {
  it('are still exported by @xcap/host-node as the very same values', () => {
    expect(hostNode.TokenNameTakenError).toBe(tokens.TokenNameTakenError);
    expect(hostNode.tokenBytes).toBe(tokens.tokenBytes);
  });
});
