/** The durable stores of a Node host: grants, app files and the audit log, in one data directory. */
export { defaultDataDir, dataPaths, type DataPaths } from './data-dir.js';
export { checkDataDir } from './check-data-dir.js';
export { DataDirError } from './data-dir-error.js';
export { FileGrantStore, type FileGrantStoreOptions } from './file-grant-store.js';
export type { GrantFile } from './parse-grant-file.js';
export { GrantFileError } from './grant-file-error.js';
export { FileLockError } from './file-lock-error.js';
export type { FileLockOptions } from './file-lock.js';
export { FileBlobStore, defaultQuotaBytes, type FileBlobStoreOptions, type FileBlobListing } from './file-blob-store.js';
export { QuotaExceededError } from './quota-exceeded-error.js';
export { appFolderName } from './app-folder-name.js';
export { SqliteAuditSink, type SqliteAuditSinkOptions, type AuditQuery, type AuditRowMeta, type StoredAuditRow } from './sqlite-audit-sink.js';
export { AuditSchemaError } from './audit-schema-error.js';
export { auditSchemaVersion } from './audit-schema.js';
