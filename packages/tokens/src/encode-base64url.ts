/** Bytes as base64url without padding (RFC 4648 §5), the text form of tokens and stored digests; no Node `Buffer` needed. */
export function encodeBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
