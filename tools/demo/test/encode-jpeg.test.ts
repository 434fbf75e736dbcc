import { describe, expect, it } from 'vitest';
import { encodeJpeg } from '../src/encode-jpeg.js';

interface DecodedJpeg {
  readonly width: number;
  readonly height: number;
  parse(data: Uint8Array): void;
  getData(options: { width: number; height: number; forceRGB: boolean }): Uint8ClampedArray;
}

/** pdf.js's image decoders (the package ships no types for this entry). */
const pdfjsDecoders = 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';

/** pdf.js's own JPEG decoder (an independent reader of our bytes). */
async function decode(bytes: Uint8Array): Promise<{ width: number; height: number; at: (x: number, y: number) => number[] }> {
  const decoders: { JpegImage: new () => DecodedJpeg } = await import(pdfjsDecoders);
  const image = new decoders.JpegImage();
  image.parse(bytes);
  const data = image.getData({ width: image.width, height: image.height, forceRGB: true });
  return { width: image.width, height: image.height, at: (x, y) => Array.from(data.slice((y * image.width + x) * 3, (y * image.width + x) * 3 + 3)) };
}

describe('encodeJpeg', () => {
  it('writes a baseline JPEG an independent decoder reads back with the drawn colours', async () => {
    const draw = (x: number, y: number): [number, number, number] => [Math.round((x / 239) * 255), Math.round((y / 159) * 255), 128];
    const bytes = encodeJpeg(240, 160, draw);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const image = await decode(bytes);
    expect([image.width, image.height]).toEqual([240, 160]);
    for (const [x, y] of [
      [0, 0],
      [120, 80],
      [239, 0],
      [10, 150],
      [239, 159],
    ] as const) {
      const got = image.at(x, y);
      draw(x, y).forEach((want, c) => expect(Math.abs((got[c] ?? -99) - want)).toBeLessThanOrEqual(6));
    }
  });

  it('sizes that are not multiples of 8 and a flat colour', async () => {
    const image = await decode(encodeJpeg(13, 7, () => [200, 30, 60], { quality: 95 }));
    expect([image.width, image.height]).toEqual([13, 7]);
    image.at(12, 6).forEach((v, c) => expect(Math.abs(v - ([200, 30, 60][c] ?? 0))).toBeLessThanOrEqual(4));
  });

  it('carries the Exif DateTimeOriginal in an APP1 segment right after SOI', () => {
    const bytes = Buffer.from(encodeJpeg(8, 8, () => [0, 0, 0], { dateTimeOriginal: '2026:07:16 12:30:00' }));
    expect([...bytes.subarray(2, 4)]).toEqual([0xff, 0xe1]);
    expect(bytes.subarray(6, 12).toString('latin1')).toBe('Exif\0\0');
    expect(bytes.includes(Buffer.from('2026:07:16 12:30:00\0', 'latin1'))).toBe(true);
    expect(Buffer.from(encodeJpeg(8, 8, () => [0, 0, 0])).includes(Buffer.from('Exif', 'latin1'))).toBe(false);
  });
});
