import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenDigest } from '../src/index.js';

describe('tokenDigest', () => {
  it("is the SHA-256 of the token's UTF-8 bytes", async () => {
    expect(Buffer.from(await tokenDigest('abc')).toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const token of ['', 'xcap_secret', 'héllo ✓'])
      expect([...(await tokenDigest(token))], token).toEqual([...createHash('sha256').update(token, 'utf8').digest()]);
  });
});
