import type { AuditRow, AuditSink, AuditStatus, AuditWriteMeta } from '@xcap/audit';
import { type AuditRowValues, auditRowValues } from './audit-row-values.js';
import type { PostgresDatabase } from './postgres-database.js';

/** Options of `PostgresAuditSink`. */
export interface PostgresAuditSinkOptions {
  /** The most rows one transaction takes (default 4096); more waiting rows go in the next. */
  readonly maxBatch?: number;
  /** The `host` column of every row this sink writes (which host served the call); NULL when absent. */
  readonly host?: string;
}

/** One stored audit row: the row's fields plus its id, time, duration and host. */
export interface PostgresStoredAuditRow extends AuditRow {
  /** The row's id, increasing in commit order. */
  readonly id: number;
  /** When the call started (ISO 8601, UTC). */
  readonly at: string;
  /** How long the call took in milliseconds, or `null` when the call path did not say. */
  readonly durationMs: number | null;
  /** The host that wrote it, or `null`. */
  readonly host: string | null;
}

/** A filter for `PostgresAuditSink.query`; every given field must match. */
export interface PostgresAuditQuery {
  /** Rows of this app id. */
  readonly app?: string;
  /** Rows of this qualified tool name. */
  readonly tool?: string;
  /** Rows with this status. */
  readonly status?: AuditStatus;
  /** Rows at or after this time (ISO 8601, any offset). */
  readonly since?: string;
  /** At most this many rows (the newest). */
  readonly limit?: number;
}

/** A write waiting for its batch to commit. */
interface Pending {
  readonly values: AuditRowValues;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * An `AuditSink` in PostgreSQL: one row per call with the audit fields, the
 * call's start time (`at`), its duration (`duration_ms`) and the writing
 * host; indexes on app, tool, status and time (like the SQLite log).
 *
 * Group commit: the rows written in one tick go in one transaction (one
 * `INSERT … SELECT FROM unnest(…)` of up to `maxBatch` rows); rows arriving
 * while a transaction is in flight form the next one. Each `write`
 * resolves only after its COMMIT; when the database cannot commit (down,
 * restarting, refused) every write of the batch rejects and nothing else
 * happens here — the call path's audit queue keeps such rows and retries
 * them. An invalid row rejects alone with a `TypeError`.
 */
export class PostgresAuditSink implements AuditSink {
  readonly #db: PostgresDatabase;
  readonly #maxBatch: number;
  readonly #host: string | null;
  #batch: Pending[] = [];
  #scheduled = false;
  #flushing: Promise<void> | null = null;
  #closed = false;
  #commits = 0;

  constructor(db: PostgresDatabase, options: PostgresAuditSinkOptions = {}) {
    const maxBatch = options.maxBatch ?? 4096;
    if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new RangeError(`PostgresAuditSink: maxBatch must be a positive integer, got ${String(maxBatch)}`);
    if (options.host !== undefined && typeof options.host !== 'string') throw new TypeError('PostgresAuditSink: host must be a string');
    this.#db = db;
    this.#maxBatch = maxBatch;
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
    return new Promise<void>((resolve, reject) => {
      this.#batch.push({ values, resolve, reject });
      this.#schedule();
    });
  }

  /** How many transactions this sink has committed rows in (group commit makes it fewer than the rows). */
  get commits(): number {
    return this.#commits;
  }

  /** Rows matching `filter`, newest first. */
  async query(filter: PostgresAuditQuery = {}): Promise<PostgresStoredAuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [key, column] of [['app', 'app_id'], ['tool', 'tool'], ['status', 'status']] as const) {
      const value = filter[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') throw new TypeError(`PostgresAuditSink.query: ${key} must be a string`);
      params.push(value);
      where.push(`${column} = $${params.length}`);
    }
    if (filter.since !== undefined) {
      const since = typeof filter.since === 'string' ? Date.parse(filter.since) : Number.NaN;
      if (!Number.isFinite(since)) throw new RangeError(`PostgresAuditSink.query: since must be an ISO 8601 time, got ${JSON.stringify(filter.since)}`);
      params.push(new Date(since).toISOString());
      where.push(`at >= $${params.length}`);
    }
    // ORDER BY the bigint column: pg answers it as a string, and an `id::text AS id` alias would sort as text ("9" after "10").
    let sql = `SELECT id, at, app_id, client_id, tool, status, error, args_hash, duration_ms, host FROM ${this.#db.names.audit}${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`} ORDER BY id DESC`;
    if (filter.limit !== undefined) {
      if (!Number.isSafeInteger(filter.limit) || filter.limit < 1) throw new RangeError(`PostgresAuditSink.query: limit must be a positive integer, got ${String(filter.limit)}`);
      params.push(filter.limit);
      sql += ` LIMIT $${params.length}`;
    }
    const result = await this.#db.query<Record<string, unknown>>('read the audit log', sql, params);
    return result.rows.map((r) => ({
      id: Number(r['id']),
      at: (r['at'] as Date).toISOString(),
      appId: r['app_id'] as string,
      clientId: r['client_id'] as string,
      tool: r['tool'] as string,
      status: r['status'] as AuditStatus,
      error: r['error'] as string | null,
      argsHash: r['args_hash'] as string,
      durationMs: r['duration_ms'] as number | null,
      host: r['host'] as string | null,
    }));
  }

  /** How many rows the log holds. */
  async count(): Promise<number> {
    const result = await this.#db.query<{ n: string }>('count the audit rows', `SELECT count(*)::text AS n FROM ${this.#db.names.audit}`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Commits what is waiting; later writes reject. Closing twice is harmless. The pool is not ended here. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#flushing !== null || this.#batch.length > 0) {
      if (this.#flushing === null) this.#flushing = this.#flush();
      await this.#flushing;
    }
  }

  /** Starts a transaction at the end of this tick, unless one is in flight (its end starts the next). */
  #schedule(): void {
    if (this.#scheduled || this.#flushing !== null) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (this.#flushing === null && this.#batch.length > 0) this.#flushing = this.#flush();
    });
  }

  /** Commits up to `maxBatch` waiting rows in one transaction and settles their writes; then the next batch, if any. */
  async #flush(): Promise<void> {
    const batch = this.#batch.splice(0, this.#maxBatch);
    try {
      await this.#insert(batch);
      this.#commits++;
      for (const pending of batch) pending.resolve();
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      this.#flushing = null;
      if (this.#batch.length > 0) this.#schedule();
    }
  }

  async #insert(batch: readonly Pending[]): Promise<void> {
    const columns: unknown[][] = [[], [], [], [], [], [], [], [], []];
    for (const { values } of batch) {
      for (let i = 0; i < 8; i++) (columns[i] as unknown[]).push(values[i]);
      (columns[8] as unknown[]).push(this.#host);
    }
    // One statement is one transaction: it has committed when the server answers.
    await this.#db.query(
      `commit ${batch.length} audit row(s)`,
      `INSERT INTO ${this.#db.names.audit} (at, app_id, client_id, tool, status, error, args_hash, duration_ms, host)
       SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::text[])`,
      columns,
    );
  }
}
