import { open, readdir, stat } from 'node:fs/promises';
import { statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import exifr from 'exifr';
import { exifTakenAt, type TakenAt } from './exif-taken-at.js';
import type { LibraryPhoto } from './library-photo.js';
import { comparePhotoOrder, nameHash, photoOrderKey, type PhotoOrderKey } from './photo-order.js';

/** A library photo with its place in the order. */
export interface OrderedPhoto extends LibraryPhoto {
  /** Its order key (what a `photos_list` cursor after it holds). */
  readonly key: PhotoOrderKey;
}

interface CacheEntry {
  readonly size: number;
  readonly mtimeMs: number;
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

/**
 * A folder of photos read as a library: the JPEG and PNG files at the top
 * level of `dir` (sub-folders, hidden files, symbolic links and files whose
 * bytes are not JPEG or PNG are left out), newest first. What each file's
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
  readonly #cache = new Map<string, CacheEntry>();
  #snapshot: { readonly mtimeMs: number; readonly ino: number; readonly at: number; readonly photos: readonly OrderedPhoto[] } | undefined;
  #scanning: Promise<readonly OrderedPhoto[]> | undefined;

  /** A library of the photos in `dir` (nothing is read yet); `rescanMs` (default 1000) bounds how long a scan is reused. */
  constructor(dir: string, options: { readonly rescanMs?: number } = {}) {
    this.dir = resolve(dir);
    this.rescanMs = options.rescanMs ?? 1000;
  }

  /** Every photo of the folder as it is now, in library order (a fresh array). Rejects when the folder cannot be read. */
  async photos(): Promise<OrderedPhoto[]> {
    const folder = statSync(this.dir);
    const snapshot = this.#snapshot;
    if (snapshot !== undefined && snapshot.mtimeMs === folder.mtimeMs && snapshot.ino === folder.ino && performance.now() - snapshot.at < this.rescanMs) return [...snapshot.photos];
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
    const entries = await readdir(this.dir, { withFileTypes: true });
    const names = entries.filter((e) => e.isFile() && !e.name.startsWith('.') && candidateName.test(e.name) && [...e.name].length <= maxNameCodePoints).map((e) => e.name);
    const seen = new Set(names);
    for (const name of this.#cache.keys()) if (!seen.has(name)) this.#cache.delete(name);
    const photos: OrderedPhoto[] = [];
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++]!;
        const photo = await this.#photo(name);
        if (photo !== null) photos.push(photo);
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, names.length) }, worker));
    return photos.sort((a, b) => comparePhotoOrder(a.key, b.key));
  }

  /** The photo with `id` as the folder is now, or `undefined`. Ids are only ever looked up, never used as paths. */
  async find(id: string): Promise<OrderedPhoto | undefined> {
    if (!/^ph-[0-9a-f]{32}$/.test(id)) return undefined;
    return (await this.photos()).find((photo) => photo.id === id);
  }

  async #photo(name: string): Promise<OrderedPhoto | null> {
    const path = join(this.dir, name);
    let info;
    try {
      info = await stat(path);
    } catch {
      this.#cache.delete(name);
      return null;
    }
    const cached = this.#cache.get(name);
    if (cached !== undefined && cached.size === info.size && cached.mtimeMs === info.mtimeMs && cached.ino === info.ino) return cached.photo;
    const photo = await readPhoto(path, name, info.size, info.mtimeMs);
    this.#cache.set(name, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, photo });
    return photo;
  }
}

async function readPhoto(path: string, name: string, size: number, mtimeMs: number): Promise<OrderedPhoto | null> {
  const mimeType = await sniffPhoto(path);
  if (mimeType === null) return null;
  const taken = await readTakenAt(path);
  const time = taken?.time ?? Math.floor(mtimeMs);
  return { id: `ph-${nameHash(name)}`, name, mimeType, takenAt: taken?.takenAt ?? null, time, path, size, key: photoOrderKey(name, time) };
}

async function sniffPhoto(path: string): Promise<LibraryPhoto['mimeType'] | null> {
  const head = Buffer.alloc(8);
  try {
    const handle = await open(path, 'r');
    try {
      await handle.read(head, 0, 8, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

async function readTakenAt(path: string): Promise<TakenAt | null> {
  try {
    const tags: unknown = await exifr.parse(path, exifOptions);
    if (typeof tags !== 'object' || tags === null) return null;
    const { DateTimeOriginal, OffsetTimeOriginal } = tags as { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown };
    return exifTakenAt(DateTimeOriginal, OffsetTimeOriginal);
  } catch {
    return null;
  }
}
