/**
 * A PostgreSQL store could not do what it was asked: the server is
 * unreachable, a statement failed, the schema is not usable. The message
 * names the database (its connection string masked: never a password) and
 * the server's own words; `code` is PostgreSQL's SQLSTATE or Node's error
 * code when there is one.
 */
export class PostgresStoreError extends Error {
  /** The SQLSTATE (`57P01`, `23505`, …) or Node error code (`ECONNREFUSED`), when known. */
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'PostgresStoreError';
    this.code = code;
  }
}
