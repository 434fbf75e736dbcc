/**
 * Strict base64 (the standard alphabet, padded, no whitespace) in both
 * directions; decoding refuses anything else rather than guessing. The
 * check is a plain loop, not a regular expression, so a string of hundreds
 * of megabytes cannot overflow the regular-expression stack.
 */

/** The bytes as standard padded base64. */
export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The bytes a strict base64 string stands for, or `null` when it is not strict base64 (`""` is no bytes). */
export function decodeBase64(text: string): Uint8Array | null {
  if (!isStrictBase64(text)) return null;
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

function isStrictBase64(text: string): boolean {
  const length = text.length;
  if (length % 4 !== 0) return false;
  let padding = 0;
  if (length > 0 && text.charCodeAt(length - 1) === 0x3d) padding = text.charCodeAt(length - 2) === 0x3d ? 2 : 1;
  for (let i = 0; i < length - padding; i++) {
    if (!isAlphabet(text.charCodeAt(i))) return false;
  }
  return true;
}

function isAlphabet(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2b ||
    code === 0x2f
  );
}
