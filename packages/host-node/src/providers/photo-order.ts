import { createHash } from 'node:crypto';

/** The bytes of a name that take part in the order (the rest is told apart by the hash). */
export const orderPrefixBytes = 100;

/**
 * Where a photo sits in the library's order: newest first by `time`, then
 * by the file name (byte order of its first 100 bytes as stored: UTF-8 for
 * a UTF-8 name), then by the SHA-256 of the whole name (the id), so the
 * order is total and the same on every read.
 */
export interface PhotoOrderKey {
  /** The photo's instant in whole ms since the epoch (newer first). */
  readonly time: number;
  /** The first 100 bytes of the file name (ascending). */
  readonly prefix: Buffer;
  /** 32 lowercase hex digits: the first 16 bytes of the SHA-256 of the name's bytes. */
  readonly hash: string;
}

/**
 * The first 16 bytes of the SHA-256 of `name` in lowercase hex (the photo
 * id without its `ph-`): of its bytes as the folder stores them, a string
 * as UTF-8 (so a UTF-8 name has the same hash either way).
 */
export function nameHash(name: string | Uint8Array): string {
  return createHash('sha256')
    .update(typeof name === 'string' ? Buffer.from(name, 'utf8') : name)
    .digest('hex')
    .slice(0, 32);
}

/** The order key of the photo named `name` (its stored bytes, or a string as UTF-8) taken (or modified) at `time`. */
export function photoOrderKey(name: string | Uint8Array, time: number): PhotoOrderKey {
  const bytes = typeof name === 'string' ? Buffer.from(name, 'utf8') : Buffer.from(name);
  return { time, prefix: bytes.subarray(0, orderPrefixBytes), hash: nameHash(bytes) };
}

/** Negative when `a` comes before `b` in the library (newer first), positive after, 0 for the same key. */
export function comparePhotoOrder(a: PhotoOrderKey, b: PhotoOrderKey): number {
  if (a.time !== b.time) return a.time > b.time ? -1 : 1;
  const byPrefix = Buffer.compare(a.prefix, b.prefix);
  if (byPrefix !== 0) return byPrefix;
  return a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0;
}
