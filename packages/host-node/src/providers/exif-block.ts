import type { LibraryPhoto } from './library-photo.js';
import type { UntrustedFile } from '@xcap/wire/node';

/** Segments (JPEG) or chunks (PNG) looked at before giving up. */
const maxSteps = 4096;
/** A PNG `eXIf` chunk bigger than this is not read (a JPEG APP1 segment has at most 64 KiB anyway). */
const maxExifBytes = 1024 * 1024;
const windowBytes = 64 * 1024;
const exifHeader = Buffer.from('Exif\0\0', 'latin1');

/**
 * The EXIF block (the TIFF structure) of an open photo, read only from its
 * handle: the JPEG APP1 `Exif` segment or the PNG `eXIf` chunk, before the
 * image data (where cameras and tools write it; the walk stops at the JPEG
 * SOS or the first PNG IDAT, so the image itself is never read). `null`
 * when there is none, or the file's structure is broken. At most 4,096
 * segments or chunk headers are looked at, read in 64 KiB windows, so a big
 * file costs a few reads.
 */
export async function exifBlock(file: UntrustedFile, mimeType: LibraryPhoto['mimeType']): Promise<Buffer | null> {
  const reader = windowReader(file);
  return mimeType === 'image/jpeg' ? jpegExif(reader, file.stats.size) : pngExif(reader, file.stats.size);
}

type WindowReader = (position: number, length: number) => Promise<Buffer>;

function windowReader(file: UntrustedFile): WindowReader {
  let start = 0;
  let window: Buffer = Buffer.alloc(0);
  return async (position, length) => {
    if (position < start || position + length > start + window.length) {
      start = position;
      window = await file.read(position, Math.max(length, windowBytes));
    }
    return window.subarray(position - start, position - start + length);
  };
}

async function jpegExif(read: WindowReader, size: number): Promise<Buffer | null> {
  let position = 2;
  for (let step = 0; step < maxSteps && position + 4 <= size; step++) {
    const header = await read(position, 4);
    if (header.length < 4 || header[0] !== 0xff) return null;
    const marker = header[1]!;
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker < 0xc0) return null;
    const length = header.readUInt16BE(2);
    if (length < 2) return null;
    if (marker === 0xe1 && length >= 2 + exifHeader.length) {
      const segment = await read(position + 4, length - 2);
      if (segment.length === length - 2 && segment.subarray(0, exifHeader.length).equals(exifHeader)) return Buffer.from(segment.subarray(exifHeader.length));
    }
    position += 2 + length;
  }
  return null;
}

async function pngExif(read: WindowReader, size: number): Promise<Buffer | null> {
  let position = 8;
  for (let step = 0; step < maxSteps && position + 8 <= size; step++) {
    const header = await read(position, 8);
    if (header.length < 8) return null;
    const length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (type === 'eXIf') {
      if (length > maxExifBytes) return null;
      const data = await read(position + 8, length);
      return data.length === length ? Buffer.from(data) : null;
    }
    if (type === 'IDAT' || type === 'IEND') return null;
    position += 12 + length;
  }
  return null;
}
