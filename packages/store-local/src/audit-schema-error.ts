/** An audit database this version cannot use: written by a newer version (unknown schema), or not an audit database at all. */
export class AuditSchemaError extends Error {
  /** The database file. */
  readonly file: string;

  constructor(file: string, message: string) {
    super(`audit database ${file}: ${message}`);
    this.name = 'AuditSchemaError';
    this.file = file;
  }
}
