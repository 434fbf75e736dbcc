/**
 * The token names `@xcap/store-postgres` exported before the one token
 * contract moved to `@xcap/tokens`, kept as deprecated aliases for one minor.
 * @module
 */
import * as tokens from '@xcap/tokens';

/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const TokenNameTakenError = tokens.TokenNameTakenError;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export type TokenNameTakenError = tokens.TokenNameTakenError;
/** @deprecated Moved to `@xcap/tokens`; this re-export goes in the next minor. */
export const tokenBytes = tokens.tokenBytes;
/** @deprecated Moved to `@xcap/tokens` as `TokenIdentity`; this re-export goes in the next minor. */
export type PostgresTokenIdentity = tokens.TokenIdentity;
/** @deprecated Moved to `@xcap/tokens` as `TokenListing`; this re-export goes in the next minor. */
export type PostgresTokenListing = tokens.TokenListing;
