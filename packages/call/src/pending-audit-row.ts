import type { AuditRow, AuditWriteMeta } from '@xcap/audit';

/** An audit row the sink has not accepted yet: its first attempt is in flight, or it waits to be retried (with the next write, in a background round, or on `flushAudit`). */
export interface PendingAuditRow {
  readonly row: AuditRow;
  /** The call's start time and duration, passed to the sink with the row. */
  readonly meta?: AuditWriteMeta;
  /** When the row was queued (the host's clock, ISO 8601). */
  readonly since: string;
  /** How many writes of this row failed so far (0: its first attempt is still in flight). */
  readonly attempts: number;
  /** The last failure's message, `null` while the first attempt is in flight. */
  readonly lastError: string | null;
}
