import type { AuditRow } from './audit-row.js';
import type { AuditWriteMeta } from './audit-write-meta.js';

/** Where a host writes audit rows (a SQLite table, a log, memory). */
export interface AuditSink {
  /**
   * Stores one row; a failing sink throws or rejects, and the caller decides
   * what that means. The call path passes `meta` (the call's start time and
   * duration) with every row; a sink may ignore it.
   */
  write(row: AuditRow, meta?: AuditWriteMeta): void | Promise<void>;
}
