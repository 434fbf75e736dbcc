/** The audit spill file cannot be replayed into the audit log (the host does not start: it fails closed); the file is kept. */
export class AuditSpillError extends Error {
  /** The spill file. */
  readonly file: string;

  constructor(file: string, problem: string, options?: ErrorOptions) {
    super(`audit spill file ${file}: ${problem}`, options);
    this.name = 'AuditSpillError';
    this.file = file;
  }
}
