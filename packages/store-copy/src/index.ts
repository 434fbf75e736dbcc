/**
 * `@xcap/store-copy`: moves a host from its data directory to PostgreSQL — `copyDataDirToPostgres` copies the
 * grants, app files, audit rows and HTTP tokens of a data directory (`@xcap/store-local`) into the stores of
 * `@xcap/store-postgres` once, in one transaction, and checks the copy. A package of its own so that neither
 * store depends on the other (a PostgreSQL-only host never installs better-sqlite3).
 * @packageDocumentation
 */
export { copyDataDirToPostgres, type StoreCopySummary } from './copy-data-dir-to-postgres.js';
export { StoreCopyError } from './store-copy-error.js';
