import { isBase64 } from '@xcap/catalog';

/**
 * Strict base64 (the standard alphabet, padded, no whitespace) in both
 * directions; decoding refuses anything else rather than guessing. The
 * strictness is the schema engine's `base64` format (`isBase64`), a plain
 * loop, so a string of hundreds of megabytes cannot overflow a
 * regular-expression stack.
 */

/** The bytes as standard padded base64. */
export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The bytes a strict base64 string stands for, or `null` when it is not strict base64 (`""` is no bytes). */
export function decodeBase64(text: string): Uint8Array | null {
  if (!isBase64(text)) return null;
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
