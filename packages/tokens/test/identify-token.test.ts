import { describe, expect, it } from 'vitest';
import { identifyToken, tokenDigest } from '../src/index.js';

describe('identifyToken', () => {
  it("answers the identity whose stored digest is the token's", async () => {
    const entries = [
      ['laptop', await tokenDigest('xcap_one')],
      ['ci', await tokenDigest('xcap_two')],
    ] as const;
    expect(await identifyToken('xcap_two', entries)).toEqual({ name: 'ci' });
    expect(await identifyToken('xcap_one', entries)).toEqual({ name: 'laptop' });
  });

  it('answers null for an unknown token, an empty store and anything but a string', async () => {
    const entries = [['laptop', await tokenDigest('xcap_one')]] as const;
    expect(await identifyToken('xcap_other', entries)).toBeNull();
    expect(await identifyToken('xcap_one', [])).toBeNull();
    // The digest of String(x) could match a stored one: a non-string is refused before it is digested.
    const stringified = [['number', await tokenDigest('42')]] as const;
    expect(await identifyToken(42, stringified)).toBeNull();
    expect(await identifyToken(null, stringified)).toBeNull();
  });
});
