import { encodeBase64url } from './encode-base64url.js';

/** What every minted token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const tokenPrefix = 'xcap_';

/** Bytes of randomness in a token: 32 (256 bits; 43 base64url characters after `tokenPrefix`). */
export const tokenBytes = 32;

/** What a minted token looks like: `xcap_` and 43 base64url characters. */
export const mintedTokenPattern = /^xcap_[A-Za-z0-9_-]{43}$/;

/**
 * A new bearer token: `tokenPrefix` and `tokenBytes` bytes from the
 * platform's CSPRNG (Web Crypto `getRandomValues`) as base64url — what every
 * store's `add` answers.
 */
export function mintToken(): string {
  return `${tokenPrefix}${encodeBase64url(globalThis.crypto.getRandomValues(new Uint8Array(tokenBytes)))}`;
}
