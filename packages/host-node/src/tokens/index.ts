/** The bearer tokens of `xcap serve --http`: `tokens.json` in the data directory. */
export { FileTokenStore, type FileTokenStoreOptions } from './file-token-store.js';
export { TokenNameTakenError, tokenBytes, type TokenListing } from './moved-token-names.js';
export { TokenFileError } from './token-file-error.js';
export { tokenFileName, tokenFilePath } from './token-file-path.js';
export type { StoredToken, TokenFile } from './token-file.js';
