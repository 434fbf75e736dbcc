import { checkAuditQuery, type AuditQuery } from './audit-query.js';

/** What a dialect brings to `auditQuerySql`: its names and how it writes a parameter. */
export interface AuditQueryDialect {
  /** The sink's name, for the errors of `checkAuditQuery` (`SqliteAuditSink`). */
  readonly sink: string;
  /** The table (already quoted or prefixed as the dialect needs). */
  readonly table: string;
  /** What to select (`storedAuditColumns`, plus the dialect's own columns). */
  readonly columns: string;
  /** The placeholder of the `n`-th parameter, from 1 (`?` in SQLite, `$n` in PostgreSQL). */
  readonly placeholder: (n: number) => string;
}

/** A statement and its parameters, in order. */
export interface AuditQueryStatement {
  /** The `SELECT`. */
  readonly sql: string;
  /** Its parameters, one per placeholder. */
  readonly params: unknown[];
}

/**
 * The one `SELECT` of a stored audit log's `query`, for every dialect: the
 * filter checked (`checkAuditQuery`), its conditions joined with `AND`, the
 * newest row first (`ORDER BY id DESC`: the id column, never a text alias;
 * oldest first with `afterId`), and `LIMIT` when the filter has one. Every value is a parameter.
 */
export function auditQuerySql(filter: AuditQuery, dialect: AuditQueryDialect): AuditQueryStatement {
  const { where, limit, ascending } = checkAuditQuery(filter, dialect.sink);
  const params: unknown[] = where.map((condition) => condition.value);
  const conditions = where.map((c, i) => `${c.column} ${c.operator} ${dialect.placeholder(i + 1)}`).join(' AND ');
  let sql = `SELECT ${dialect.columns} FROM ${dialect.table}${conditions === '' ? '' : ` WHERE ${conditions}`} ORDER BY id ${ascending ? 'ASC' : 'DESC'}`;
  if (limit !== undefined) {
    params.push(limit);
    sql += ` LIMIT ${dialect.placeholder(params.length)}`;
  }
  return { sql, params };
}
