import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../src/base64.js';

describe('encodeBase64', () => {
  it('writes standard padded base64, also of a subarray', () => {
    expect(encodeBase64(new TextEncoder().encode('hello'))).toBe('aGVsbG8=');
    expect(encodeBase64(new Uint8Array())).toBe('');
    const framed = Uint8Array.of(9, 9, 0xfb, 0xff, 9);
    expect(encodeBase64(framed.subarray(2, 4))).toBe('+/8=');
  });
});

describe('decodeBase64', () => {
  it('reads standard padded base64', () => {
    expect(Array.from(decodeBase64('aGk=') ?? [])).toEqual([0x68, 0x69]);
    expect(Array.from(decodeBase64('YSxi') ?? [])).toEqual([0x61, 0x2c, 0x62]);
    expect(Array.from(decodeBase64('+/8=') ?? [])).toEqual([0xfb, 0xff]);
    expect(decodeBase64('')).toEqual(new Uint8Array());
  });

  it('refuses anything else', () => {
    for (const bad of ['a b', 'aGk', 'aGk=\n', ' aGk=', 'aG=k', 'a===', '====', 'aGk==', '-_8=', 'aGk=aGk=', 'aGk\u00e9']) {
      expect(decodeBase64(bad), bad).toBeNull();
    }
  });

  it('handles a very long string without overflowing', () => {
    const text = 'QUJD'.repeat(5_000_000);
    expect(decodeBase64(text)?.length).toBe(15_000_000);
    expect(decodeBase64(`${text}!`)).toBeNull();
  });
});
