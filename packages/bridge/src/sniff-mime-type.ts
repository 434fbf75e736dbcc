const signatures: readonly (readonly [readonly number[], string])[] = [
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
];

/**
 * The MIME type a file's first bytes reveal: `%PDF-` application/pdf,
 * FF D8 FF image/jpeg, the PNG signature image/png, `GIF8` image/gif;
 * `null` for anything else.
 */
export function sniffMimeType(bytes: Uint8Array): string | null {
  for (const [signature, mimeType] of signatures) {
    if (bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)) return mimeType;
  }
  return null;
}
