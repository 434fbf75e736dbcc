import { createHash } from 'node:crypto';
import { QuotaExceededError } from '@xcap/bridge';
import { TokenNameTakenError } from '@xcap/tokens';
import type pg from 'pg';
import { scrubSecrets } from './mask-connection-string.js';
import { PostgresSchemaError } from './postgres-schema-error.js';
import { PostgresStoreError } from './postgres-store-error.js';
import { postgresMigrations, postgresSchemaVersion } from './postgres-migrations.js';
import { type TableNames, tableNames } from './table-names.js';

/** Where the stores' tables live. */
export interface PostgresLocation {
  /** The schema holding the tables (default `public`); created when missing. Lower-case letters, digits and `_`. */
  readonly schema?: string;
  /** A prefix of every table and index name (default `xcap_`; may be empty). */
  readonly tablePrefix?: string;
}

/** Options of `PostgresDatabase`. */
export interface PostgresDatabaseOptions extends PostgresLocation {
  /** How errors name the database: the masked connection string (default `PostgreSQL`). */
  readonly label?: string;
  /** Strings scrubbed from every error message (the password). */
  readonly secrets?: readonly string[];
}

/** A client of the pool, as a transaction uses it. */
export type PostgresClient = pg.PoolClient;

/**
 * One pool and one place in it (schema and table prefix) that the four
 * stores share: parameterised queries and transactions whose failures are
 * `PostgresStoreError`s naming the database with its password masked, and
 * `migrate()`.
 */
export class PostgresDatabase {
  /** The node-postgres pool. */
  readonly pool: pg.Pool;
  /** The quoted table names. */
  readonly names: TableNames;
  /** How errors name the database (never with a password). */
  readonly label: string;
  readonly #secrets: readonly string[];

  constructor(pool: pg.Pool, options: PostgresDatabaseOptions = {}) {
    this.pool = pool;
    this.names = tableNames(options.schema ?? 'public', options.tablePrefix ?? 'xcap_');
    this.#secrets = options.secrets ?? [];
    this.label = scrubSecrets(options.label ?? 'PostgreSQL', this.#secrets);
  }

  /** Runs one parameterised statement; a failure is a `PostgresStoreError` saying what was being done. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(what: string, sql: string, params: readonly unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(sql, params as unknown[]);
    } catch (error) {
      throw this.error(what, error);
    }
  }

  /**
   * Runs `work` in one transaction on one client (BEGIN … COMMIT; ROLLBACK
   * on a throw). Resolves only after COMMIT. A client that failed is
   * destroyed rather than returned to the pool.
   */
  async transaction<T>(what: string, work: (client: PostgresClient) => Promise<T>): Promise<T> {
    let client: PostgresClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.error(what, error);
    }
    let broken: Error | undefined;
    // A connection that dies while checked out (a server restart between two statements) emits 'error' on the
    // client; without a listener that is an uncaught exception. The next statement fails and the client is destroyed.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      if (error instanceof PostgresStoreError || isOwnError(error)) throw error;
      throw this.error(what, error);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /** A 64-bit advisory lock key for `what` in this schema and prefix (as a decimal string for a `bigint` parameter). */
  lockKey(...what: readonly string[]): string {
    const digest = createHash('sha256')
      .update(JSON.stringify([this.names.schemaName, this.names.prefix, ...what]), 'utf8')
      .digest();
    return digest.readBigInt64BE(0).toString();
  }

  /**
   * Brings the schema to `postgresSchemaVersion`: each step in its own
   * transaction under an advisory transaction lock (hosts starting at once
   * migrate once). A database of a newer version is a `PostgresSchemaError`,
   * and nothing is changed. Answers the version found before.
   */
  async migrate(): Promise<number> {
    const n = this.names;
    const latest = postgresSchemaVersion;
    let before: number | undefined;
    for (;;) {
      const done = await this.transaction('migrate the schema', async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [this.lockKey('migrate')]);
        const exists = await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [n.versions]);
        let version = 0;
        if (exists.rows[0]?.t !== null) {
          const found = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${n.versions}`);
          version = found.rows[0]?.v ?? 0;
        }
        before ??= version;
        if (version > latest) {
          throw new PostgresSchemaError(
            `${this.label}: the xcap tables in schema ${n.schemaName} (prefix "${n.prefix}") have schema version ${version}, newer than the ${latest} this @xcap/store-postgres knows; upgrade @xcap/store-postgres (nothing was changed)`,
            version,
            latest,
          );
        }
        if (version === latest) return true;
        const schema = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [n.schemaName]);
        if (schema.rowCount === 0) await client.query(`CREATE SCHEMA ${n.schema}`);
        await client.query(`CREATE TABLE IF NOT EXISTS ${n.versions} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
        const step = postgresMigrations[version];
        if (step === undefined) throw new PostgresSchemaError(`${this.label}: no migration from schema version ${version}`, version, latest);
        await client.query(step(n));
        await client.query(`INSERT INTO ${n.versions} (version) VALUES ($1)`, [version + 1]);
        return false;
      });
      if (done) return before ?? 0;
    }
  }

  /** The schema version recorded in the database (0 when it has no xcap tables). */
  async version(): Promise<number> {
    const exists = await this.query<{ t: string | null }>('read the schema version', 'SELECT to_regclass($1) AS t', [this.names.versions]);
    if (exists.rows[0]?.t === null) return 0;
    const found = await this.query<{ v: number | null }>('read the schema version', `SELECT max(version) AS v FROM ${this.names.versions}`);
    return found.rows[0]?.v ?? 0;
  }

  /** A `PostgresStoreError` for a failure while doing `what`, its text scrubbed of the password. */
  error(what: string, error: unknown): PostgresStoreError {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- only for an error without a message: its code (a string or number from pg and Node), else its name
    const raw = error instanceof Error ? error.message || String((error as { code?: unknown }).code ?? error.name) : String(error);
    const code = typeof (error as { code?: unknown } | null | undefined)?.code === 'string' ? (error as { code: string }).code : undefined;
    const detail =
      error instanceof AggregateError && error.errors.length > 0
        ? error.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; ')
        : raw;
    return new PostgresStoreError(scrubSecrets(`${this.label}: could not ${what}: ${detail}`, this.#secrets), code);
  }
}

/** Errors the stores throw on purpose (quota, taken names, bad input) pass through a transaction unchanged. */
function isOwnError(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError || error instanceof QuotaExceededError || error instanceof TokenNameTakenError;
}
