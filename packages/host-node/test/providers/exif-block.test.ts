/**
 * exifBlock: the EXIF of a JPEG or PNG found through the open handle only,
 * past big segments and chunks (more than one 64 KiB read window) but never
 * past the image data, and no date (but still a photo) for a broken
 * structure.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '@xcap/host-testing';
import { PhotoLibrary } from '../../src/providers/photo-library.js';
import { exifTiff, jpegWithExif } from './jpeg-with-exif.js';
import { tempDir } from './provider-test-kit.js';

const dates = { dateTimeOriginal: '2026:04:05 06:07:08', offsetTimeOriginal: '+00:00' };
const taken = '2026-04-05T06:07:08Z';

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

async function takenAtOf(files: Record<string, Buffer>): Promise<Record<string, string | null>> {
  const dir = tempDir();
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  const photos = await new PhotoLibrary(dir).photos();
  return Object.fromEntries(photos.map((p) => [p.name, p.takenAt]));
}

describe('exifBlock through the photo library', () => {
  it('finds the JPEG Exif segment after big APP segments and an XMP APP1, in a file far bigger than a read window', async () => {
    const withExif = jpegWithExif(dates);
    const jpeg = Buffer.concat([
      withExif.subarray(0, 2),
      segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
      segment(0xe2, Buffer.alloc(65_000, 0x41)),
      segment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.alloc(40_000, 0x20)])),
      withExif.subarray(2, -2),
      Buffer.alloc(300_000, 0x55),
      withExif.subarray(-2),
    ]);
    expect(await takenAtOf({ 'big.jpg': jpeg })).toEqual({ 'big.jpg': taken });
  });

  it('finds the PNG eXIf chunk after big chunks before the image data, and does not read past the first IDAT', async () => {
    const png = Buffer.from(encodePng(2, 2, () => [1, 2, 3]));
    const afterHeader = 8 + 12 + 13;
    const iend = png.length - 12;
    const filler = [chunk('prVt', Buffer.alloc(100_000, 1)), chunk('prVt', Buffer.alloc(70_000, 2))];
    const before = Buffer.concat([png.subarray(0, afterHeader), ...filler, chunk('eXIf', exifTiff(dates)), png.subarray(afterHeader)]);
    const after = Buffer.concat([png.subarray(0, iend), ...filler, chunk('eXIf', exifTiff(dates)), png.subarray(iend)]);
    expect(await takenAtOf({ 'before.png': before, 'after.png': after })).toEqual({ 'before.png': taken, 'after.png': null });
  });

  it('keeps a photo with a broken structure, without a date', async () => {
    const withExif = jpegWithExif(dates);
    const runsPastEnd = Buffer.concat([withExif.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xf0]), Buffer.from('Exif\0\0', 'latin1'), exifTiff(dates)]);
    const notAMarker = Buffer.concat([withExif.subarray(0, 3), Buffer.from([0xe1, 0x00, 0x00, 0x12]), withExif.subarray(2)]);
    const png = Buffer.from(encodePng(2, 2, () => [1, 2, 3]));
    const hugeExif = Buffer.concat([png.subarray(0, 33), Buffer.from([0x7f, 0xff, 0xff, 0xff]), Buffer.from('eXIf'), exifTiff(dates)]);
    expect(await takenAtOf({ 'past-end.jpg': runsPastEnd, 'not-a-marker.jpg': notAMarker, 'huge.png': hugeExif })).toEqual({
      'past-end.jpg': null,
      'not-a-marker.jpg': null,
      'huge.png': null,
    });
  });
});
