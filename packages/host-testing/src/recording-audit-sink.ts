import type { AuditRow, AuditSink, AuditWriteMeta } from '@xcap/audit';

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

  /** The call's time and duration of each accepted row, beside `rows` (same index). */
  readonly metas: (AuditWriteMeta | undefined)[] = [];

  /** Hands the row and its meta to the inner sink (if any), then records both. */
  async write(row: AuditRow, meta?: AuditWriteMeta): Promise<void> {
    if (this.#inner !== undefined) await this.#inner.write(row, meta);
    this.rows.push(row);
    this.metas.push(meta);
  }
}
