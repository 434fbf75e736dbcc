import type { AuditStatus } from './audit-row.js';

/** A filter for a stored audit log's `query` (SQLite, PostgreSQL); every given field must match. */
export interface AuditQuery {
  /** Rows of this app id. */
  readonly app?: string;
  /** Rows of this qualified tool name (`photos__pick`). */
  readonly tool?: string;
  /** Rows with this status. */
  readonly status?: AuditStatus;
  /** Rows at or after this time (ISO 8601, any offset). */
  readonly since?: string;
  /**
   * Only rows whose id is greater than this (a non-negative integer): a
   * follower's next page. With it the rows come oldest first (ascending id)
   * and `limit` keeps the oldest, so a page never skips a row.
   */
  readonly afterId?: number;
  /** At most this many rows (the newest; the oldest with `afterId`). */
  readonly limit?: number;
}

/** One condition of a checked `AuditQuery`: a stored log's column compared with a value. */
export interface AuditQueryCondition {
  /** The column (`app_id`, `tool`, `status`, `at`, `id`). */
  readonly column: 'app_id' | 'tool' | 'status' | 'at' | 'id';
  /** `=` for app, tool and status; `>=` for `since`; `>` for `afterId`. */
  readonly operator: '=' | '>=' | '>';
  /** The value: the filter's string, `since` in UTC as `toISOString` writes it, or the `afterId` number. */
  readonly value: string | number;
}

/** An `AuditQuery` checked by `checkAuditQuery`: what a dialect turns into its SQL. */
export interface CheckedAuditQuery {
  /** Conditions that must all hold, in the order app, tool, status, since, afterId. */
  readonly where: readonly AuditQueryCondition[];
  /** At most this many rows (the newest, or the oldest for `ascending`), or `undefined` for all. */
  readonly limit: number | undefined;
  /** True with `afterId`: the rows oldest first. */
  readonly ascending: boolean;
}

/**
 * Checks a stored log's query filter once for every dialect: `app`, `tool`
 * and `status` must be strings (else a `TypeError`), `since` a readable
 * ISO 8601 time, `afterId` a non-negative safe integer and `limit` a
 * positive integer (else a `RangeError`); each
 * message starts with `<sink>.query:`. Answers the conditions in the order
 * the columns are given, `since` in UTC.
 */
export function checkAuditQuery(filter: AuditQuery, sink: string): CheckedAuditQuery {
  const where: AuditQueryCondition[] = [];
  for (const [key, column] of [
    ['app', 'app_id'],
    ['tool', 'tool'],
    ['status', 'status'],
  ] as const) {
    const value: unknown = filter[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`${sink}.query: ${key} must be a string`);
    where.push({ column, operator: '=', value });
  }
  if (filter.since !== undefined) {
    const since = typeof filter.since === 'string' ? Date.parse(filter.since) : Number.NaN;
    if (!Number.isFinite(since)) throw new RangeError(`${sink}.query: since must be an ISO 8601 time, got ${JSON.stringify(filter.since)}`);
    where.push({ column: 'at', operator: '>=', value: new Date(since).toISOString() });
  }
  if (filter.afterId !== undefined) {
    if (!Number.isSafeInteger(filter.afterId) || filter.afterId < 0)
      throw new RangeError(`${sink}.query: afterId must be a non-negative integer, got ${String(filter.afterId)}`);
    where.push({ column: 'id', operator: '>', value: filter.afterId });
  }
  if (filter.limit !== undefined && (!Number.isSafeInteger(filter.limit) || filter.limit < 1))
    throw new RangeError(`${sink}.query: limit must be a positive integer, got ${String(filter.limit)}`);
  return { where, limit: filter.limit, ascending: filter.afterId !== undefined };
}
