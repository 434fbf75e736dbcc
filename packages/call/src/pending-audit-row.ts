import type { AuditRow, AuditWriteMeta } from '@xcap/audit';

/** An audit row the sink has not accepted yet, kept to be written on the next write or flush. */
export interface PendingAuditRow {
  readonly row: AuditRow;
  /** The call's start time and duration, passed to the sink with the row. */
  readonly meta?: AuditWriteMeta;
  /** When the row was queued (the host's clock, ISO 8601). */
  readonly since: string;
  /** How many writes of this row failed so far (0: waiting behind an older unwritten row). */
  readonly attempts: number;
  /** The last failure's message, `null` before the first attempt. */
  readonly lastError: string | null;
}
