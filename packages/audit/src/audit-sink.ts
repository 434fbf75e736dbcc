import type { AuditRow } from './audit-row.js';

/** Where a host writes audit rows (a SQLite table, a log, memory). */
export interface AuditSink {
  /** Stores one row; a failing sink throws or rejects, and the caller decides what that means. */
  write(row: AuditRow): void | Promise<void>;
}
