import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { mintedTokenPattern, mintToken, tokenBytes, tokenPrefix } from '../src/index.js';

describe('mintToken', () => {
  it('answers xcap_ and tokenBytes random bytes as base64url', () => {
    const token = mintToken();
    expect(token.startsWith(tokenPrefix)).toBe(true);
    expect(tokenPrefix).toBe('xcap_');
    expect(tokenBytes).toBe(32);
    expect(token).toMatch(mintedTokenPattern);
    expect(Buffer.from(token.slice(tokenPrefix.length), 'base64url').length).toBe(tokenBytes);
  });

  it('answers a different token every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => mintToken()));
    expect(tokens.size).toBe(200);
  });
});
