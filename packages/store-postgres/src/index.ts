/**
 * `@xcap/store-postgres`: xcap's store interfaces (`GrantStore`,
 * `BlobStore`, `AuditSink`, the HTTP token store, the `ConsentNonceStore`)
 * on PostgreSQL, so several hosts share one state.
 *
 * @packageDocumentation
 */
export { createPostgresStores, type PostgresStores, type PostgresStoresOptions } from './create-postgres-stores.js';
export { PostgresDatabase, type PostgresDatabaseOptions, type PostgresLocation, type PostgresClient } from './postgres-database.js';
export { PostgresGrantStore } from './postgres-grant-store.js';
export { PostgresBlobStore, defaultQuotaBytes, type PostgresBlobStoreOptions, type PostgresBlobListing } from './postgres-blob-store.js';
export { PostgresAuditSink, type PostgresAuditSinkOptions, type PostgresStoredAuditRow } from './postgres-audit-sink.js';
export { PostgresTokenStore } from './postgres-token-store.js';
export { PostgresConsentNonceStore, type PostgresConsentNonceStoreOptions } from './postgres-consent-nonce-store.js';
export { auditStatuses } from './audit-row-values.js';
export { sharedKey, sharedKeyBytes } from './postgres-shared-key.js';
export { postgresMigrations, postgresSchemaVersion } from './postgres-migrations.js';
export { tableNames, identifierPattern, maxPrefixLength, type TableNames } from './table-names.js';
export { maskConnectionString, connectionSecrets, scrubSecrets, maskedPassword } from './mask-connection-string.js';
export { PostgresStoreError } from './postgres-store-error.js';
export { PostgresSchemaError } from './postgres-schema-error.js';
export { QuotaExceededError } from '@xcap/bridge';
export {
  ConsoleRunningError,
  findConsole,
  openConsoleDesk,
  openConsoleHost,
  type ConsoleDesk,
  type ConsoleDeskOptions,
  type ConsoleHost,
  type ConsoleHostOptions,
  type ConsoleHostRequest,
  type ConsolePresenceTiming,
  type FoundConsole,
} from './postgres-console-relay.js';
export { consoleTables, maxConsolePayloadBytes, type ConsoleTables } from './postgres-console-tables.js';
