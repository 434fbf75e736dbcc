import type { AuditRow } from './audit-row.js';
import type { AuditSink } from './audit-sink.js';
import type { AuditWriteMeta } from './audit-write-meta.js';

/** An `AuditSink` that keeps every row in memory, in write order (tests, demos). */
export class MemoryAuditSink implements AuditSink {
  /** The rows written so far. */
  readonly rows: AuditRow[] = [];
  /** The `meta` passed with each row, at the same index (`undefined` when none was passed). */
  readonly metas: (AuditWriteMeta | undefined)[] = [];

  /** Appends `row` (and its `meta`). */
  write(row: AuditRow, meta?: AuditWriteMeta): void {
    this.rows.push(row);
    this.metas.push(meta);
  }
}
