import type { AuditRow, AuditStatus } from './audit-row.js';

/** One stored audit row (SQLite, PostgreSQL): the row's fields plus its id, time and duration. */
export interface StoredAuditRow extends AuditRow {
  /** The row's id, increasing in commit order. */
  readonly id: number;
  /** When the call started (ISO 8601, UTC). */
  readonly at: string;
  /** How long the call took in milliseconds, or `null` when the call path did not say. */
  readonly durationMs: number | null;
  /** True for a row written from a spill file at a later start rather than by its call (`AuditWriteMeta.replayed`). */
  readonly replayed: boolean;
}

/** The columns a stored log selects for `storedAuditRow`, in its table's order. */
export const storedAuditColumns = 'id, at, app_id, client_id, tool, status, error, args_hash, duration_ms, replayed';

/**
 * A `StoredAuditRow` from one record a database driver answers for
 * `storedAuditColumns`: the id as a number (PostgreSQL's bigint comes as a
 * string), the time as ISO 8601 in UTC (a `Date` or the stored text),
 * `replayed` from PostgreSQL's boolean or SQLite's 0/1.
 */
export function storedAuditRow(record: Readonly<Record<string, unknown>>): StoredAuditRow {
  const at = record['at'];
  return {
    id: Number(record['id']),
    at: at instanceof Date ? at.toISOString() : String(at),
    appId: record['app_id'] as string,
    clientId: record['client_id'] as string,
    tool: record['tool'] as string,
    status: record['status'] as AuditStatus,
    error: record['error'] as string | null,
    argsHash: record['args_hash'] as string,
    durationMs: record['duration_ms'] as number | null,
    replayed: record['replayed'] === true || record['replayed'] === 1,
  };
}
