import type { AuditRow } from './audit-row.js';
import type { AuditSink } from './audit-sink.js';

/** An `AuditSink` that keeps every row in memory, in write order (tests, demos). */
export class MemoryAuditSink implements AuditSink {
  /** The rows written so far. */
  readonly rows: AuditRow[] = [];

  /** Appends `row`. */
  write(row: AuditRow): void {
    this.rows.push(row);
  }
}
