import type { AuditRow, AuditStatus, AuditWriteMeta } from '@xcap/audit';

/** The statuses an audit row may have (audit.json's enum; the table's CHECK). */
export const auditStatuses: ReadonlySet<string> = new Set<AuditStatus>(['ok', 'failed', 'invalid', 'upstream', 'denied']);

/** One row's column values, in the audit table's order (without `host`). */
export type AuditRowValues = readonly [at: string, appId: string, clientId: string, tool: string, status: string, error: string | null, argsHash: string, durationMs: number | null];

/**
 * The column values of a row after checking it has audit.json's shape (a
 * `TypeError` otherwise). `meta.at` is the row's time (else now), stored in
 * UTC; `meta.durationMs` is stored, else NULL. A NUL character, which
 * PostgreSQL's text cannot hold, is stored as U+FFFD.
 */
export function auditRowValues(row: AuditRow, meta: AuditWriteMeta | undefined): AuditRowValues {
  if (typeof row !== 'object' || row === null) throw new TypeError('PostgresAuditSink.write: row must be an audit row object');
  const { appId, clientId, tool, status, error, argsHash } = row;
  if (typeof appId !== 'string') throw notString('appId', appId);
  if (typeof clientId !== 'string') throw notString('clientId', clientId);
  if (typeof tool !== 'string') throw notString('tool', tool);
  if (typeof argsHash !== 'string') throw notString('argsHash', argsHash);
  if (typeof status !== 'string' || !auditStatuses.has(status)) throw new TypeError(`PostgresAuditSink.write: row.status must be one of ${[...auditStatuses].join(', ')}, got ${JSON.stringify(status) ?? typeof status}`);
  if (error !== null && typeof error !== 'string') throw new TypeError(`PostgresAuditSink.write: row.error must be a string or null, got ${typeof error}`);
  const duration = meta?.durationMs;
  const durationMs = typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null;
  return [timeOf(meta?.at), text(appId), text(clientId), text(tool), status, error === null ? null : text(error), text(argsHash), durationMs];
}

/** The row's time in UTC as `toISOString` writes it: `at` when it is a readable time, else now. */
function timeOf(at: unknown): string {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return new Date(Number.isFinite(ms) ? ms : Date.now()).toISOString();
}

function text(value: string): string {
  return value.includes('\0') ? value.replace(/\0/g, '\uFFFD') : value;
}

function notString(key: string, value: unknown): TypeError {
  return new TypeError(`PostgresAuditSink.write: row.${key} must be a string, got ${typeof value}`);
}
