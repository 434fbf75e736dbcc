import {
  auditQuerySql,
  GroupCommit,
  storedAuditColumns,
  storedAuditRow,
  type AuditQuery,
  type AuditRow,
  type AuditSink,
  type AuditWriteMeta,
  type StoredAuditRow,
} from '@xcap/audit';
import { type AuditRowValues, auditRowValues } from './audit-row-values.js';
import type { PostgresDatabase } from './postgres-database.js';

/** Options of `PostgresAuditSink`. */
export interface PostgresAuditSinkOptions {
  /** The most rows one transaction takes (default 4096); more waiting rows go in the next. */
  readonly maxBatch?: number;
  /** The `host` column of every row this sink writes (which host served the call); NULL when absent. */
  readonly host?: string;
}

/** One stored audit row of PostgreSQL: the `StoredAuditRow` of `@xcap/audit` and the host that wrote it. */
export interface PostgresStoredAuditRow extends StoredAuditRow {
  /** The host that wrote it, or `null`. */
  readonly host: string | null;
}

/**
 * An `AuditSink` in PostgreSQL: one row per call with the audit fields, the
 * call's start time (`at`), its duration (`duration_ms`) and the writing
 * host; indexes on app, tool, status and time (like the SQLite log).
 *
 * Group commit (`GroupCommit` of `@xcap/audit`): the rows written in one
 * tick go in one transaction (one `INSERT … SELECT FROM unnest(…)` of up to
 * `maxBatch` rows); rows arriving while a transaction is in flight form the
 * next one. Each `write`
 * resolves only after its COMMIT; when the database cannot commit (down,
 * restarting, refused) every write of the batch rejects and nothing else
 * happens here — the call path's audit queue keeps such rows and retries
 * them. An invalid row rejects alone with a `TypeError`.
 */
export class PostgresAuditSink implements AuditSink {
  readonly #db: PostgresDatabase;
  readonly #host: string | null;
  readonly #batches: GroupCommit<AuditRowValues>;
  #closed = false;

  constructor(db: PostgresDatabase, options: PostgresAuditSinkOptions = {}) {
    this.#batches = new GroupCommit((batch) => this.#insert(batch), { maxBatch: options.maxBatch ?? 4096, name: 'PostgresAuditSink' });
    if (options.host !== undefined && typeof options.host !== 'string') throw new TypeError('PostgresAuditSink: host must be a string');
    this.#db = db;
    this.#host = options.host ?? null;
  }

  /** Queues `row` for the current batch; resolves once its transaction committed. */
  write(row: AuditRow, meta?: AuditWriteMeta): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`PostgresAuditSink: ${this.#db.label} is closed; the row was not written`));
    let values: AuditRowValues;
    try {
      values = auditRowValues(row, meta);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#batches.add(values);
  }

  /** How many transactions this sink has committed rows in (group commit makes it fewer than the rows). */
  get commits(): number {
    return this.#batches.commits;
  }

  /** Rows matching `filter`, newest first. */
  async query(filter: AuditQuery = {}): Promise<PostgresStoredAuditRow[]> {
    // ORDER BY id is the bigint column: pg answers it as a string, and an `id::text AS id` alias would sort as text ("9" after "10").
    const { sql, params } = auditQuerySql(filter, {
      sink: 'PostgresAuditSink',
      table: this.#db.names.audit,
      columns: `${storedAuditColumns}, host`,
      placeholder: (n) => `$${n}`,
    });
    const result = await this.#db.query<Record<string, unknown>>('read the audit log', sql, params);
    return result.rows.map((r) => ({ ...storedAuditRow(r), host: r['host'] as string | null }));
  }

  /** The time (`at`, ISO 8601 UTC) of the log's first row by id, of every host, or `undefined` for an empty log. */
  async firstRowAt(): Promise<string | undefined> {
    const result = await this.#db.query<{ at: Date }>('read the first audit row', `SELECT at FROM ${this.#db.names.audit} ORDER BY id LIMIT 1`);
    return result.rows[0]?.at.toISOString();
  }

  /** How many rows the log holds. */
  async count(): Promise<number> {
    const result = await this.#db.query<{ n: string }>('count the audit rows', `SELECT count(*)::text AS n FROM ${this.#db.names.audit}`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Commits what is waiting; later writes reject. Closing twice is harmless. The pool is not ended here. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#batches.flush();
  }

  /** Commits one batch of rows in one statement (`GroupCommit` settles their writes). */
  async #insert(batch: readonly AuditRowValues[]): Promise<void> {
    const columns: unknown[][] = [[], [], [], [], [], [], [], [], [], []];
    for (const values of batch) {
      for (let i = 0; i < 9; i++) (columns[i] as unknown[]).push(values[i]);
      (columns[9] as unknown[]).push(this.#host);
    }
    // One statement is one transaction: it has committed when the server answers.
    await this.#db.query(
      `commit ${batch.length} audit row(s)`,
      `INSERT INTO ${this.#db.names.audit} (at, app_id, client_id, tool, status, error, args_hash, duration_ms, replayed, host)
       SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::boolean[], $10::text[])`,
      columns,
    );
  }
}
