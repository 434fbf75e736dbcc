import { PostgresStoreError } from './postgres-store-error.js';

/** The database's xcap schema is newer than this package knows (or not usable): it is refused and left untouched. */
export class PostgresSchemaError extends PostgresStoreError {
  /** The version recorded in the database (`undefined` when unreadable). */
  readonly found: number | undefined;
  /** The newest version this package knows. */
  readonly known: number;

  constructor(message: string, found: number | undefined, known: number) {
    super(message);
    this.name = 'PostgresSchemaError';
    this.found = found;
    this.known = known;
  }
}
