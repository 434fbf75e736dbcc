/**
 * The token names `@xcap/mcp` exported before they moved to `@xcap/tokens`,
 * kept as deprecated aliases for one minor.
 * @module
 */
import * as tokens from '@xcap/tokens';

/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const MemoryTokenStore = tokens.MemoryTokenStore;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export type MemoryTokenStore = tokens.MemoryTokenStore;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const digestsEqual = tokens.digestsEqual;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const tokenDigest = tokens.tokenDigest;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const isTokenName = tokens.isTokenName;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const tokenClient = tokens.tokenClient;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const tokenNamePattern = tokens.tokenNamePattern;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export type TokenIdentity = tokens.TokenIdentity;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export type TokenStore = tokens.TokenStore;
