/**
 * PNG files for tests: `encodePng` of host-testing with, when dates are
 * given, an `eXIf` chunk (the PNG 1.5 home of EXIF) holding the same TIFF
 * structure `jpegWithExif` writes, placed before the image data.
 */
import { crc32 } from 'node:zlib';
import { encodePng } from '@xcap/host-testing';
import { exifTiff, type ExifDates } from './jpeg-with-exif.js';

/** A 2×2 RGB PNG, with an `eXIf` chunk carrying `dates` when given. */
export function pngWithExif(dates?: ExifDates): Buffer {
  const png = Buffer.from(encodePng(2, 2, (x, y) => [x * 200, y * 200, 90]));
  if (dates === undefined) return png;
  const data = exifTiff(dates);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('eXIf', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const afterHeader = 8 + 12 + 13;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}
