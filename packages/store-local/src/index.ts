/**
 * `@xcap/store-local`: the durable stores of one host in one data directory,
 * symmetric with `@xcap/store-postgres` — the grant file `consent.json` with
 * its lock, app files with a quota, the SQLite audit log with group commit,
 * the bearer-token file `tokens.json`, the consent nonces of answered
 * `requestState`s (`consent-nonces.sqlite`), the audit spill and its replay, and
 * the atomic writes and state-file locks they are built from. No providers,
 * no CLI, no MCP: an Electron or any Node host can take these alone.
 * @packageDocumentation
 */
export { defaultDataDir, dataPaths, type DataPaths } from './data-dir.js';
export { checkDataDir } from './check-data-dir.js';
export { DataDirError } from './data-dir-error.js';
export { privateModeProblem, type OwnerAndMode, type PrivateModeProblem } from './private-mode-problem.js';
export { FileGrantStore, type FileGrantStoreOptions } from './file-grant-store.js';
export type { GrantFile } from './parse-grant-file.js';
export { readGrantFile, type GrantFileSnapshot } from './read-grant-file.js';
export { GrantFileError } from './grant-file-error.js';
export { FileLockError } from './file-lock-error.js';
export type { FileLockOptions } from './file-lock.js';
export { FileBlobStore, defaultQuotaBytes, type FileBlobStoreOptions, type FileBlobListing } from './file-blob-store.js';
export { appFolderName } from './app-folder-name.js';
export { SqliteAuditSink, type SqliteAuditSinkOptions, type AuditRowMeta } from './sqlite-audit-sink.js';
export { AuditSchemaError } from './audit-schema-error.js';
export { auditSchemaVersion } from './audit-schema.js';
export {
  auditSpillFileName,
  auditSpillPath,
  maxSpillRows,
  maxSpillLineBytes,
  parseSpillLine,
  spillLine,
  type SpillableRow,
  type SpilledRow,
} from './audit-spill-file.js';
export { appendAuditSpill, type AuditSpillWrite } from './append-audit-spill.js';
export { replayAuditSpill, defaultReplayTimeoutMs, type AuditSpillReplay, type ReplayAuditSpillOptions } from './replay-audit-spill.js';
export { AuditSpillError } from './audit-spill-error.js';
export type { AuditCloseReport } from './audit-close-report.js';
export { FileTokenStore, type FileTokenStoreOptions } from './file-token-store.js';
export { TokenFileError } from './token-file-error.js';
export { tokenFileName, tokenFilePath } from './token-file-path.js';
export { SqliteConsentNonceStore, type SqliteConsentNonceStoreOptions } from './sqlite-consent-nonce-store.js';
export { consentNonceFileName, consentNoncePath } from './consent-nonce-path.js';
export { parseTokenFile, type StoredToken, type TokenFile } from './token-file.js';
export { writeFileAtomic, writeTempFile, syncDir, type AtomicWriteOptions } from './atomic-write.js';
export { readStateFile, stateFileKey, withStateFileLock, type StateFileFailure, type StateFileText } from './state-file.js';
