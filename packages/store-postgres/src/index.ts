/**
 * `@xcap/store-postgres`: xcap's store interfaces (`GrantStore`,
 * `BlobStore`, `AuditSink`, the HTTP token store) on PostgreSQL, so several
 * hosts share one state.
 *
 * @packageDocumentation
 */
export {};
