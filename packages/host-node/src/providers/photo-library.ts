import { lstat, readdir } from 'node:fs/promises';
import { statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import { displayFileName } from './display-file-name.js';
import { exifBlock } from './exif-block.js';
import { exifTakenAt, type TakenAt } from './exif-taken-at.js';
import type { LibraryPhoto } from './library-photo.js';
import { comparePhotoOrder, nameHash, photoOrderKey, type PhotoOrderKey } from './photo-order.js';
import { FileRefusal, withUntrustedFile, type UntrustedFile } from '@xcap/wire/node';
import { sniffPhoto } from './sniff-photo.js';

/** Which file a scan read for a photo: what a later read of its bytes must open again. */
export interface PhotoSource {
  /** The file's absolute path as the folder stores its name (the raw bytes, UTF-8 or not). */
  readonly path: Buffer;
  /** The device of the file the scan read (`fstat` of its open handle). */
  readonly dev: number;
  /** The inode of the file the scan read (`fstat` of its open handle). */
  readonly ino: number;
}

/** A library photo with its place in the order. */
export interface OrderedPhoto extends LibraryPhoto {
  /** Its order key (what a `photos_list` cursor after it holds). */
  readonly key: PhotoOrderKey;
  /** The file the scan read. */
  readonly source: PhotoSource;
}

interface CacheEntry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly dev: number;
  readonly ino: number;
  readonly photo: OrderedPhoto | null;
}

/** Only the two tags the order needs, as written (no Date revival), every other segment and IFD skipped. */
const exifOptions = {
  pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
  reviveValues: false,
  tiff: true,
  ifd1: false,
  gps: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
};

const candidateName = /\.(?:jpe?g|png)$/i;
const maxNameCodePoints = 255;
const dot = 0x2e;

/**
 * A folder of photos read as a library: the JPEG and PNG files at the top
 * level of `dir` (sub-folders, hidden files, symbolic links and files whose
 * bytes are not JPEG or PNG are left out), newest first. Names are read as
 * the bytes the folder stores (a name that is not UTF-8 is kept, shown with
 * U+FFFD). Each file is opened once (`withUntrustedFile`: no link is
 * followed, nothing blocks) and its type and EXIF are read from that open
 * handle, never from the path again. What each file's
 * EXIF says is kept per file and read again only when the file's size,
 * modification time or inode change, so paging through a big folder reads
 * each file once. The ordered list itself is kept too: a call costs one
 * `stat` of the folder while the folder's modification time and inode stay
 * the same (a photo added, removed or renamed changes them, so it is seen at
 * once) and the last full scan is younger than `rescanMs` (a file rewritten
 * in place under the same name is seen within that time). Concurrent calls
 * share one scan.
 */
export class PhotoLibrary {
  /** The folder, resolved to an absolute path. */
  readonly dir: string;
  /** How long a full scan is trusted while the folder itself is unchanged, in ms. */
  readonly rescanMs: number;
  readonly #dirBytes: Buffer;
  readonly #cache = new Map<string, CacheEntry>();
  #snapshot: { readonly mtimeMs: number; readonly ino: number; readonly at: number; readonly photos: readonly OrderedPhoto[] } | undefined;
  #scanning: Promise<readonly OrderedPhoto[]> | undefined;

  /** A library of the photos in `dir` (nothing is read yet); `rescanMs` (default 1000) bounds how long a scan is reused. */
  constructor(dir: string, options: { readonly rescanMs?: number } = {}) {
    this.dir = resolve(dir);
    this.#dirBytes = Buffer.from(this.dir.endsWith('/') ? this.dir : `${this.dir}/`, 'utf8');
    this.rescanMs = options.rescanMs ?? 1000;
  }

  /** Every photo of the folder as it is now, in library order (a fresh array). Rejects when the folder cannot be read. */
  async photos(): Promise<OrderedPhoto[]> {
    const folder = statSync(this.dir);
    const snapshot = this.#snapshot;
    if (snapshot !== undefined && snapshot.mtimeMs === folder.mtimeMs && snapshot.ino === folder.ino && performance.now() - snapshot.at < this.rescanMs)
      return [...snapshot.photos];
    this.#scanning ??= this.#rescan(folder).finally(() => {
      this.#scanning = undefined;
    });
    return [...(await this.#scanning)];
  }

  async #rescan(folder: Stats): Promise<readonly OrderedPhoto[]> {
    const at = performance.now();
    const photos = await this.#scan();
    this.#snapshot = { mtimeMs: folder.mtimeMs, ino: folder.ino, at, photos };
    return photos;
  }

  async #scan(): Promise<OrderedPhoto[]> {
    const entries = await readdir(this.dir, { withFileTypes: true, encoding: 'buffer' });
    const files: { raw: Buffer; name: string }[] = [];
    for (const entry of entries) {
      const raw = entry.name;
      if (!entry.isFile() || raw[0] === dot) continue;
      const decoded = raw.toString('utf8');
      if (!candidateName.test(decoded) || [...decoded].length > maxNameCodePoints) continue;
      files.push({ raw, name: decoded });
    }
    const seen = new Set(files.map((file) => file.raw.toString('latin1')));
    for (const key of this.#cache.keys()) if (!seen.has(key)) this.#cache.delete(key);
    const photos: OrderedPhoto[] = [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        const photo = await this.#photo(file.raw, file.name);
        if (photo !== null) photos.push(photo);
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, files.length) }, worker));
    return photos.sort((a, b) => comparePhotoOrder(a.key, b.key));
  }

  /** The photo with `id` as the folder is now, or `undefined`. Ids are only ever looked up, never used as paths. */
  async find(id: string): Promise<OrderedPhoto | undefined> {
    if (!/^ph-[0-9a-f]{32}$/.test(id)) return undefined;
    return (await this.photos()).find((photo) => photo.id === id);
  }

  async #photo(raw: Buffer, decoded: string): Promise<OrderedPhoto | null> {
    const cacheKey = raw.toString('latin1');
    const path = Buffer.concat([this.#dirBytes, raw]);
    let info;
    try {
      info = await lstat(path);
    } catch {
      this.#cache.delete(cacheKey);
      return null;
    }
    const cached = this.#cache.get(cacheKey);
    if (info.isFile() && cached !== undefined && sameFile(cached, info)) return cached.photo;
    this.#cache.delete(cacheKey);
    if (!info.isFile()) return null;
    const read = await withUntrustedFile(path, { maxBytes: Number.MAX_SAFE_INTEGER }, async (file) => ({
      stats: file.stats,
      photo: await readPhoto(file, { path, dev: file.stats.dev, ino: file.stats.ino }, raw, decoded, join(this.dir, decoded)),
    }));
    if (read instanceof FileRefusal) return null;
    this.#cache.set(cacheKey, { size: read.stats.size, mtimeMs: read.stats.mtimeMs, dev: read.stats.dev, ino: read.stats.ino, photo: read.photo });
    return read.photo;
  }
}

function sameFile(cached: CacheEntry, info: Stats): boolean {
  return cached.size === info.size && cached.mtimeMs === info.mtimeMs && cached.dev === info.dev && cached.ino === info.ino;
}

async function readPhoto(file: UntrustedFile, source: PhotoSource, raw: Buffer, decoded: string, displayPath: string): Promise<OrderedPhoto | null> {
  const mimeType = sniffPhoto(await file.read(0, 8));
  if (mimeType === null) return null;
  const tiff = await exifBlock(file, mimeType);
  const taken = tiff === null ? null : await readTakenAt(tiff);
  const time = taken?.time ?? Math.floor(file.stats.mtimeMs);
  const name = displayFileName(decoded);
  return {
    id: `ph-${nameHash(raw)}`,
    name,
    mimeType,
    takenAt: taken?.takenAt ?? null,
    time,
    path: displayPath,
    size: file.stats.size,
    key: photoOrderKey(raw, time),
    source,
  };
}

async function readTakenAt(tiff: Buffer): Promise<TakenAt | null> {
  try {
    // exifr is loaded with the first photo whose EXIF is read, not at start.
    const { default: exifr } = await import('exifr');
    const tags: unknown = await exifr.parse(tiff, exifOptions);
    if (typeof tags !== 'object' || tags === null) return null;
    const { DateTimeOriginal, OffsetTimeOriginal } = tags as { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown };
    return exifTakenAt(DateTimeOriginal, OffsetTimeOriginal);
  } catch {
    return null;
  }
}
