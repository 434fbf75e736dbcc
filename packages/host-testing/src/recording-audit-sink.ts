import type { AuditRow, AuditSink } from '@xcap/audit';

/**
 * An audit sink that records every row it accepts, in order; with an
 * `inner` sink it accepts a row only once `inner` took it (so a failing
 * inner sink shows exactly which rows got through).
 */
export class RecordingAuditSink implements AuditSink {
  /** The rows accepted so far. */
  readonly rows: AuditRow[] = [];
  readonly #inner: AuditSink | undefined;

  constructor(inner?: AuditSink) {
    this.#inner = inner;
  }

  /** Hands the row to the inner sink (if any), then records it. */
  async write(row: AuditRow): Promise<void> {
    if (this.#inner !== undefined) await this.#inner.write(row);
    this.rows.push(row);
  }
}
