import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase64 } from '@xcap/bridge';
import { samplePhotos } from '@xcap/host-testing';

/** An ASCII EXIF value with its NUL, as an IFD entry stores it. */
function ascii(text: string): Buffer {
  return Buffer.from(`${text}\0`, 'latin1');
}

/**
 * A small JPEG (SOI, an APP1 Exif segment, a stub of image data, EOI) whose
 * EXIF says `DateTimeOriginal` and, when given, `OffsetTimeOriginal`:
 * little-endian TIFF, IFD0 with only the Exif IFD pointer.
 */
export function jpegWithExif(dateTimeOriginal: string, offsetTimeOriginal?: string): Buffer {
  const date = ascii(dateTimeOriginal);
  const offset = offsetTimeOriginal === undefined ? undefined : ascii(offsetTimeOriginal);
  const entries = offset === undefined ? 1 : 2;
  const exifIfd = 8 + 2 + 12 + 4;
  const values = exifIfd + 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(values + date.length + (offset?.length ?? 0));
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(exifIfd, 18);
  tiff.writeUInt16LE(entries, exifIfd);
  const entry = (index: number, tag: number, value: Buffer, at: number) => {
    const base = exifIfd + 2 + index * 12;
    tiff.writeUInt16LE(tag, base);
    tiff.writeUInt16LE(2, base + 2);
    tiff.writeUInt32LE(value.length, base + 4);
    tiff.writeUInt32LE(at, base + 8);
    value.copy(tiff, at);
  };
  entry(0, 0x9003, date, values);
  if (offset !== undefined) entry(1, 0x9011, offset, values + date.length);
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(app1.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), length, app1, Buffer.from([0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9])]);
}

/** A photo the folder holds, with what any correct provider must answer for it. */
export interface FolderPhoto {
  /** The file name. */
  readonly name: string;
  /** The file's bytes. */
  readonly bytes: Buffer;
  /** The type sniffed from the bytes. */
  readonly mimeType: 'image/png' | 'image/jpeg';
}

/** A temporary photo folder and what it holds. */
export interface PhotoFolder {
  /** The folder. */
  readonly dir: string;
  /** The real photos (in no particular order). */
  readonly photos: readonly FolderPhoto[];
}

/**
 * A folder with five photos — the three sample PNGs (modification times
 * 2026-07-14…16), a JPEG with EXIF at +02:00 and one with EXIF and no
 * offset (the zone of the process that reads it) — next to what a library
 * must leave out: a text file, a `.png` that is not a PNG, a hidden PNG, a
 * symbolic link to a PNG, a FIFO named `pipe.jpg` and a sub-folder
 * `album.png`.
 */
export async function photoFolder(): Promise<PhotoFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'xcap-examples-photos-'));
  const photos: FolderPhoto[] = [];
  for (const [i, sample] of samplePhotos().entries()) {
    const bytes = Buffer.from(decodeBase64(sample.data) ?? new Uint8Array());
    const file = join(dir, sample.name);
    await writeFile(file, bytes);
    const time = new Date(Date.UTC(2026, 6, 14 + i, 12));
    await utimes(file, time, time);
    photos.push({ name: sample.name, bytes, mimeType: 'image/png' });
  }
  const exif = [
    { name: 'Harbour.jpg', bytes: jpegWithExif('2026:07:20 09:30:00', '+02:00') },
    { name: 'Old town.JPEG', bytes: jpegWithExif('2025:12:31 23:59:59') },
  ];
  for (const photo of exif) {
    await writeFile(join(dir, photo.name), photo.bytes);
    photos.push({ ...photo, mimeType: 'image/jpeg' });
  }
  const png = photos[0]!.bytes;
  await writeFile(join(dir, 'notes.txt'), 'not a photo');
  await writeFile(join(dir, 'fake.png'), 'not a PNG either');
  await writeFile(join(dir, '.hidden.png'), png);
  await symlink(join(dir, photos[0]!.name), join(dir, 'link.png'));
  execFileSync('mkfifo', [join(dir, 'pipe.jpg')]);
  await mkdir(join(dir, 'album.png'));
  return { dir, photos };
}
