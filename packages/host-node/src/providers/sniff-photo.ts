import type { LibraryPhoto } from './library-photo.js';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The photo type of a file whose first bytes are `head` (at least 8 for a PNG): `image/jpeg`, `image/png`, or `null` for anything else. */
export function sniffPhoto(head: Uint8Array): LibraryPhoto['mimeType'] | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && Buffer.from(head.buffer, head.byteOffset, 8).equals(pngSignature)) return 'image/png';
  return null;
}
