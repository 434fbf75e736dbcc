import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { encodeBase64url } from '../src/index.js';

describe('encodeBase64url', () => {
  it('encodes the RFC 4648 test vectors without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of vectors) expect(encodeBase64url(new TextEncoder().encode(text)), text).toBe(encoded);
  });

  it('uses - and _ where base64 has + and /, and agrees with Node on every byte value', () => {
    expect(encodeBase64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(encodeBase64url(all)).toBe(Buffer.from(all).toString('base64url'));
  });
});
