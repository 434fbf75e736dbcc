/** The bearer tokens of `xcap serve --http`: `tokens.json` in the data directory. */
export { FileTokenStore, tokenBytes, type FileTokenStoreOptions, type TokenListing } from './file-token-store.js';
export { TokenFileError } from './token-file-error.js';
export { TokenNameTakenError } from './token-name-taken-error.js';
export { tokenFileName, tokenFilePath } from './token-file-path.js';
export type { StoredToken, TokenFile } from './token-file.js';
