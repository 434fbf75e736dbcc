import { createHash } from 'node:crypto';

/** The bytes of a name that take part in the order (the rest is told apart by the hash). */
export const orderPrefixBytes = 100;

/**
 * Where a photo sits in the library's order: newest first by `time`, then
 * by the file name (UTF-8 byte order of its first 100 bytes), then by the
 * SHA-256 of the whole name (the id), so the order is total and the same on
 * every read.
 */
export interface PhotoOrderKey {
  /** The photo's instant in whole ms since the epoch (newer first). */
  readonly time: number;
  /** The first 100 bytes of the UTF-8 file name (ascending). */
  readonly prefix: Buffer;
  /** 32 lowercase hex digits: the first 16 bytes of the SHA-256 of the UTF-8 name. */
  readonly hash: string;
}

/** The first 16 bytes of the SHA-256 of `name` in lowercase hex (the photo id without its `ph-`). */
export function nameHash(name: string): string {
  return createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 32);
}

/** The order key of the photo named `name` taken (or modified) at `time`. */
export function photoOrderKey(name: string, time: number): PhotoOrderKey {
  return { time, prefix: Buffer.from(name, 'utf8').subarray(0, orderPrefixBytes), hash: nameHash(name) };
}

/** Negative when `a` comes before `b` in the library (newer first), positive after, 0 for the same key. */
export function comparePhotoOrder(a: PhotoOrderKey, b: PhotoOrderKey): number {
  if (a.time !== b.time) return a.time > b.time ? -1 : 1;
  const byPrefix = Buffer.compare(a.prefix, b.prefix);
  if (byPrefix !== 0) return byPrefix;
  return a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0;
}
