/**
 * The token names `@xcap/host-node` exported before the one token contract
 * moved to `@xcap/tokens`, kept as deprecated aliases for one minor.
 * @module
 */
import * as tokens from '@xcap/tokens';

/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const TokenNameTakenError = tokens.TokenNameTakenError;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export type TokenNameTakenError = tokens.TokenNameTakenError;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const tokenBytes = tokens.tokenBytes;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export type TokenListing = tokens.TokenListing;
