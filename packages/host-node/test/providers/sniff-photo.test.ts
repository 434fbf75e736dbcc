/**
 * sniffPhoto: a photo's type from its first bytes, at every byte of each
 * signature the file knows (JPEG's three, PNG's eight), one byte off, too
 * short, and read through a view of a larger buffer (the photos provider
 * and the console pass subarrays of their read buffers).
 */
import { describe, expect, it } from 'vitest';
import { sniffPhoto } from '../../src/providers/sniff-photo.js';

const signatures = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

describe('sniffPhoto', () => {
  for (const { type, bytes } of signatures) {
    describe(type, () => {
      it('is the exact signature, and the signature followed by image data', () => {
        expect(sniffPhoto(Uint8Array.from(bytes))).toBe(type);
        expect(sniffPhoto(Uint8Array.from([...bytes, 0x00, 0xe0, 0x10]))).toBe(type);
      });

      it.each(bytes.map((_, at) => at))('is null with byte %i one off (either way), the others right', (at) => {
        for (const delta of [1, -1]) {
          const off = Uint8Array.from([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]);
          off[at] = ((bytes[at] as number) + delta) & 0xff;
          expect(sniffPhoto(off)).toBeNull();
        }
      });

      it('is null for every prefix shorter than the signature, even in a view whose buffer holds the rest', () => {
        const whole = Uint8Array.from([...bytes, 0, 0]);
        for (let length = 0; length < bytes.length; length++) {
          expect(sniffPhoto(Uint8Array.from(bytes.slice(0, length)))).toBeNull();
          expect(sniffPhoto(whole.subarray(0, length))).toBeNull();
        }
      });

      it('reads from the view, not from the start of its buffer', () => {
        const shifted = Uint8Array.from([0x00, ...bytes, 0x00]);
        expect(sniffPhoto(shifted.subarray(1))).toBe(type);
        expect(sniffPhoto(Uint8Array.from([0x00, ...bytes]))).toBeNull();
      });
    });
  }

  it('is null for other images and for nothing', () => {
    expect(sniffPhoto(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(sniffPhoto(Buffer.from('RIFF\x00\x00\x00\x00WEBP', 'latin1'))).toBeNull();
    expect(sniffPhoto(new Uint8Array(0))).toBeNull();
    expect(sniffPhoto(new Uint8Array(16))).toBeNull();
  });
});
