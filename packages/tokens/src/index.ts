/**
 * `@xcap/tokens`: the one bearer-token contract of xcap — `TokenStore` and
 * `ManagedTokenStore`, the token-name rule, token minting (`xcap_…`), the
 * SHA-256 digest and its constant-time compare, `TokenNameTakenError` and
 * `MemoryTokenStore`. Every token store (memory, file, PostgreSQL) and the
 * HTTP handler of `@xcap/mcp` use it. No dependencies; Web Crypto only, so it
 * runs on Node, workers and Electron alike.
 * @packageDocumentation
 */
export type { ManagedTokenStore, TokenIdentity, TokenListing, TokenStore } from './token-store.js';
export { isTokenName, tokenNamePattern } from './token-name.js';
export { tokenNameRule } from './token-name-rule.js';
export { checkTokenName } from './check-token-name.js';
export { tokenClient } from './token-client.js';
export { encodeBase64url } from './encode-base64url.js';
export { mintToken, mintedTokenPattern, tokenBytes, tokenPrefix } from './mint-token.js';
export { tokenDigest } from './token-digest.js';
export { digestsEqual } from './digests-equal.js';
export { findTokenName } from './find-token-name.js';
export { identifyToken } from './identify-token.js';
export { newTokenRecord, type TokenRecord } from './new-token-record.js';
export { TokenNameTakenError } from './token-name-taken-error.js';
export { MemoryTokenStore, type MemoryTokenStoreOptions } from './memory-token-store.js';
