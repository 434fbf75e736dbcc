/**
 * What the call path tells a sink about the call behind a row, besides the
 * row itself: when the call started and how long it took. A sink may store
 * it (a SQLite sink keeps `at` as the row's time) or ignore it.
 */
export interface AuditWriteMeta {
  /** When the call started, as ISO 8601 from the host's clock. */
  readonly at: string;
  /** How long the call took, in milliseconds, from its start until its row was handed to the sink. */
  readonly durationMs: number;
  /**
   * True for a row written again from a spill file at a later start (not
   * by the call itself): a sink that stores it marks the row, and
   * `xcap audit` shows the mark. Absent means false.
   */
  readonly replayed?: boolean;
}
