/**
 * Minimal JPEG files for tests, built byte by byte: SOI, an optional APP1
 * Exif segment (little-endian TIFF: IFD0 with only the Exif IFD pointer, the
 * Exif IFD with DateTimeOriginal and, when given, OffsetTimeOriginal), a
 * 1×1 greyscale SOF0 frame header, EOI. Enough for an EXIF reader and for a
 * byte sniffer; not a decodable picture.
 */

/** What the Exif segment of `jpegWithExif` carries. */
export interface ExifDates {
  /** `YYYY:MM:DD HH:MM:SS`, written as is (ASCII, NUL-terminated). */
  readonly dateTimeOriginal: string;
  /** `+hh:mm` / `-hh:mm`, written as is when present. */
  readonly offsetTimeOriginal?: string;
}

function ascii(text: string): number[] {
  return [...Buffer.from(`${text}\0`, 'latin1')];
}

/** The TIFF structure (little-endian) of an Exif block carrying `dates`. */
export function exifTiff(dates: ExifDates): Buffer {
  const entries: { tag: number; value: number[] }[] = [{ tag: 0x9003, value: ascii(dates.dateTimeOriginal) }];
  if (dates.offsetTimeOriginal !== undefined) entries.push({ tag: 0x9011, value: ascii(dates.offsetTimeOriginal) });
  const ifd0At = 8;
  const ifd0Size = 2 + 12 + 4;
  const exifAt = ifd0At + ifd0Size;
  const exifSize = 2 + 12 * entries.length + 4;
  let dataAt = exifAt + exifSize;
  const tiff: number[] = [0x49, 0x49, 0x2a, 0x00, ...u32(ifd0At)];
  tiff.push(...u16(1), ...u16(0x8769), ...u16(4), ...u32(1), ...u32(exifAt), ...u32(0));
  const data: number[] = [];
  tiff.push(...u16(entries.length));
  for (const entry of entries) {
    tiff.push(...u16(entry.tag), ...u16(2), ...u32(entry.value.length));
    if (entry.value.length <= 4) {
      tiff.push(...entry.value, ...new Array<number>(4 - entry.value.length).fill(0));
    } else {
      tiff.push(...u32(dataAt));
      data.push(...entry.value);
      dataAt += entry.value.length;
    }
  }
  tiff.push(...u32(0), ...data);
  return Buffer.from(tiff);
}

function exifSegment(dates: ExifDates): Buffer {
  const body = [...Buffer.from('Exif\0\0', 'latin1'), ...exifTiff(dates)];
  return Buffer.from([0xff, 0xe1, ...u16be(body.length + 2), ...body]);
}

/** A minimal JPEG, with an Exif segment carrying `dates` when given. */
export function jpegWithExif(dates?: ExifDates): Buffer {
  const sof0 = [0xff, 0xc0, ...u16be(11), 8, ...u16be(1), ...u16be(1), 1, 1, 0x11, 0];
  return Buffer.concat([Buffer.from([0xff, 0xd8]), dates === undefined ? Buffer.alloc(0) : exifSegment(dates), Buffer.from(sof0), Buffer.from([0xff, 0xd9])]);
}

function u16(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff];
}

function u32(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
}

function u16be(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}
