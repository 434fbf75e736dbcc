import { orderPrefixBytes, type PhotoOrderKey } from './photo-order.js';

const shape = /^v1\.(-?(?:0|[1-9][0-9]{0,15}))\.([A-Za-z0-9_-]{2,136})\.([0-9a-f]{32})$/;

/**
 * The `photos_list` cursor after the photo with `key`: `v1.<time>.<name
 * prefix, base64url>.<hash>` (at most 190 characters). It names a position
 * in the order, not a photo, so photos added or removed between two pages
 * never make the next page repeat or skip an older photo.
 */
export function encodePhotoCursor(key: PhotoOrderKey): string {
  return `v1.${key.time}.${key.prefix.toString('base64url')}.${key.hash}`;
}

/**
 * The order key a cursor of `encodePhotoCursor` holds, or `null` for
 * anything else (another shape, a prefix that is not what the encoder
 * writes, a time beyond ±8.64e15 ms).
 */
export function decodePhotoCursor(cursor: string): PhotoOrderKey | null {
  const match = shape.exec(cursor);
  if (match === null) return null;
  const time = Number(match[1]);
  if (!Number.isSafeInteger(time) || Math.abs(time) > 8.64e15) return null;
  const prefix = Buffer.from(match[2] ?? '', 'base64url');
  if (prefix.length === 0 || prefix.length > orderPrefixBytes || prefix.toString('base64url') !== match[2]) return null;
  return { time, prefix, hash: match[3] ?? '' };
}
