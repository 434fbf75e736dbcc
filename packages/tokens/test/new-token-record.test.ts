import { describe, expect, it } from 'vitest';
import { encodeBase64url, mintedTokenPattern, newTokenRecord, tokenDigest, tokenNameRule } from '../src/index.js';

describe('newTokenRecord', () => {
  it('mints a token and digests it, as base64url for the stores that write text', async () => {
    const record = await newTokenRecord('laptop');
    expect(record.token).toMatch(mintedTokenPattern);
    expect(record.digest).toEqual(await tokenDigest(record.token));
    expect(record.sha256).toBe(encodeBase64url(record.digest));
    expect((await newTokenRecord('laptop')).token).not.toBe(record.token);
  });

  it('digests a token the host made itself', async () => {
    const record = await newTokenRecord('ci', 'host-made');
    expect(record.token).toBe('host-made');
    expect(record.digest).toEqual(await tokenDigest('host-made'));
  });

  it('refuses a name outside the rule before anything is made', async () => {
    await expect(newTokenRecord('no spaces')).rejects.toThrow(new TypeError(`"no spaces" is not a token name (${tokenNameRule})`));
    await expect(newTokenRecord('')).rejects.toThrow(TypeError);
  });
});
