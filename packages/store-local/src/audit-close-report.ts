/** What `NodeHost.close()` answers about the audit rows: where the rows not yet committed went. */
export interface AuditCloseReport {
  /** Rows the audit log had not taken at exit (after one last retry). */
  readonly pending: number;
  /** Of those, rows kept in the spill file (`audit-spill.jsonl`) for the next start. */
  readonly spilled: number;
  /**
   * Rows kept nowhere: pending rows the spill file could not take, plus rows
   * of calls refused while the audit queue was full that the log did not
   * take either. A process should exit non-zero when this is not 0.
   */
  readonly lost: number;
  /** Why rows were lost; `null` when none were. */
  readonly error: string | null;
}
