/**
 * The names of the data-directory stores that `@xcap/host-node` exported
 * before they moved to `@xcap/store-local` (and the few of them that moved on
 * to `@xcap/audit` and `@xcap/tokens`): each is re-exported here for one more
 * minor version, marked deprecated. Import them from their new home.
 */
import * as audit from '@xcap/audit';
import * as local from '@xcap/store-local';
import * as tokens from '@xcap/tokens';

/**
 * `appendAuditSpill` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const appendAuditSpill: typeof local.appendAuditSpill = local.appendAuditSpill;
/**
 * `appFolderName` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const appFolderName: typeof local.appFolderName = local.appFolderName;
/**
 * `AuditSchemaError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const AuditSchemaError: typeof local.AuditSchemaError = local.AuditSchemaError;
/**
 * `AuditSchemaError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type AuditSchemaError = local.AuditSchemaError;
/**
 * `auditSchemaVersion` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const auditSchemaVersion: typeof local.auditSchemaVersion = local.auditSchemaVersion;
/**
 * `AuditSpillError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const AuditSpillError: typeof local.AuditSpillError = local.AuditSpillError;
/**
 * `AuditSpillError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type AuditSpillError = local.AuditSpillError;
/**
 * `auditSpillFileName` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const auditSpillFileName: typeof local.auditSpillFileName = local.auditSpillFileName;
/**
 * `auditSpillPath` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const auditSpillPath: typeof local.auditSpillPath = local.auditSpillPath;
/**
 * `auditStatuses` of `@xcap/audit`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/audit`; this re-export goes in the next minor version.
 */
export const auditStatuses: typeof audit.auditStatuses = audit.auditStatuses;
/**
 * `checkDataDir` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const checkDataDir: typeof local.checkDataDir = local.checkDataDir;
/**
 * `DataDirError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const DataDirError: typeof local.DataDirError = local.DataDirError;
/**
 * `DataDirError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type DataDirError = local.DataDirError;
/**
 * `dataPaths` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const dataPaths: typeof local.dataPaths = local.dataPaths;
/**
 * `defaultDataDir` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const defaultDataDir: typeof local.defaultDataDir = local.defaultDataDir;
/**
 * `defaultQuotaBytes` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const defaultQuotaBytes: typeof local.defaultQuotaBytes = local.defaultQuotaBytes;
/**
 * `FileBlobStore` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const FileBlobStore: typeof local.FileBlobStore = local.FileBlobStore;
/**
 * `FileBlobStore` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileBlobStore = local.FileBlobStore;
/**
 * `FileGrantStore` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const FileGrantStore: typeof local.FileGrantStore = local.FileGrantStore;
/**
 * `FileGrantStore` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileGrantStore = local.FileGrantStore;
/**
 * `FileLockError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const FileLockError: typeof local.FileLockError = local.FileLockError;
/**
 * `FileLockError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileLockError = local.FileLockError;
/**
 * `FileTokenStore` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const FileTokenStore: typeof local.FileTokenStore = local.FileTokenStore;
/**
 * `FileTokenStore` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileTokenStore = local.FileTokenStore;
/**
 * `GrantFileError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const GrantFileError: typeof local.GrantFileError = local.GrantFileError;
/**
 * `GrantFileError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type GrantFileError = local.GrantFileError;
/**
 * `maxSpillLineBytes` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const maxSpillLineBytes: typeof local.maxSpillLineBytes = local.maxSpillLineBytes;
/**
 * `maxSpillRows` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const maxSpillRows: typeof local.maxSpillRows = local.maxSpillRows;
/**
 * `parseSpillLine` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const parseSpillLine: typeof local.parseSpillLine = local.parseSpillLine;
/**
 * `replayAuditSpill` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const replayAuditSpill: typeof local.replayAuditSpill = local.replayAuditSpill;
/**
 * `spillLine` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const spillLine: typeof local.spillLine = local.spillLine;
/**
 * `SqliteAuditSink` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const SqliteAuditSink: typeof local.SqliteAuditSink = local.SqliteAuditSink;
/**
 * `SqliteAuditSink` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type SqliteAuditSink = local.SqliteAuditSink;
/**
 * `tokenBytes` of `@xcap/tokens`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/tokens`; this re-export goes in the next minor version.
 */
export const tokenBytes: typeof tokens.tokenBytes = tokens.tokenBytes;
/**
 * `TokenFileError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const TokenFileError: typeof local.TokenFileError = local.TokenFileError;
/**
 * `TokenFileError` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type TokenFileError = local.TokenFileError;
/**
 * `tokenFileName` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const tokenFileName: typeof local.tokenFileName = local.tokenFileName;
/**
 * `tokenFilePath` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export const tokenFilePath: typeof local.tokenFilePath = local.tokenFilePath;
/**
 * `TokenNameTakenError` of `@xcap/tokens`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/tokens`; this re-export goes in the next minor version.
 */
export const TokenNameTakenError: typeof tokens.TokenNameTakenError = tokens.TokenNameTakenError;
/**
 * `TokenNameTakenError` of `@xcap/tokens`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/tokens`; this re-export goes in the next minor version.
 */
export type TokenNameTakenError = tokens.TokenNameTakenError;
/**
 * `AuditCloseReport` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type AuditCloseReport = local.AuditCloseReport;
/**
 * `AuditQuery` of `@xcap/audit`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/audit`; this re-export goes in the next minor version.
 */
export type AuditQuery = audit.AuditQuery;
/**
 * `AuditRowMeta` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type AuditRowMeta = local.AuditRowMeta;
/**
 * `AuditSpillReplay` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type AuditSpillReplay = local.AuditSpillReplay;
/**
 * `AuditSpillWrite` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type AuditSpillWrite = local.AuditSpillWrite;
/**
 * `DataPaths` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type DataPaths = local.DataPaths;
/**
 * `FileBlobListing` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileBlobListing = local.FileBlobListing;
/**
 * `FileBlobStoreOptions` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileBlobStoreOptions = local.FileBlobStoreOptions;
/**
 * `FileGrantStoreOptions` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileGrantStoreOptions = local.FileGrantStoreOptions;
/**
 * `FileLockOptions` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileLockOptions = local.FileLockOptions;
/**
 * `FileTokenStoreOptions` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type FileTokenStoreOptions = local.FileTokenStoreOptions;
/**
 * `GrantFile` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type GrantFile = local.GrantFile;
/**
 * `ReplayAuditSpillOptions` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type ReplayAuditSpillOptions = local.ReplayAuditSpillOptions;
/**
 * `SpilledRow` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type SpilledRow = local.SpilledRow;
/**
 * `SqliteAuditSinkOptions` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type SqliteAuditSinkOptions = local.SqliteAuditSinkOptions;
/**
 * `StoredAuditRow` of `@xcap/audit`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/audit`; this re-export goes in the next minor version.
 */
export type StoredAuditRow = audit.StoredAuditRow;
/**
 * `StoredToken` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type StoredToken = local.StoredToken;
/**
 * `TokenFile` of `@xcap/store-local`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/store-local`; this re-export goes in the next minor version.
 */
export type TokenFile = local.TokenFile;
/**
 * `TokenListing` of `@xcap/tokens`, re-exported where it used to live.
 * @deprecated Import it from `@xcap/tokens`; this re-export goes in the next minor version.
 */
export type TokenListing = tokens.TokenListing;
