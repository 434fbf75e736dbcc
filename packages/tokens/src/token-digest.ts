/**
 * The SHA-256 digest of a token's UTF-8 bytes (Web Crypto, so it runs on
 * Node, workers and Electron alike). Stores keep this, never the token.
 */
export async function tokenDigest(token: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}
