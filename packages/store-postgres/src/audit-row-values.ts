import { auditRowColumns, type AuditRow, type AuditRowColumns, type AuditWriteMeta } from '@xcap/audit';

/** The statuses an audit row may have (the table's CHECK): `@xcap/audit`'s list. */
export { auditStatuses } from '@xcap/audit';

/** One row's column values, in the audit table's order (without `host`). */
export type AuditRowValues = AuditRowColumns;

/**
 * The column values of a row after checking it has audit.json's shape
 * (`auditRowColumns` of `@xcap/audit`: a `TypeError` otherwise; `meta.at`
 * the row's time in UTC, else now; `meta.durationMs`, else NULL;
 * `meta.replayed`, else false). A NUL
 * character, which PostgreSQL's text cannot hold, is stored as U+FFFD.
 */
export function auditRowValues(row: AuditRow, meta: AuditWriteMeta | undefined): AuditRowValues {
  const [at, appId, clientId, tool, status, error, argsHash, durationMs, replayed] = auditRowColumns(row, meta, 'PostgresAuditSink');
  return [at, text(appId), text(clientId), text(tool), status, error === null ? null : text(error), text(argsHash), durationMs, replayed];
}

function text(value: string): string {
  return value.includes('\0') ? value.replace(/\0/g, '\uFFFD') : value;
}
