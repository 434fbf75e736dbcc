import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  auditRowColumns,
  auditQuerySql,
  GroupCommit,
  storedAuditColumns,
  storedAuditRow,
  type AuditQuery,
  type AuditRow,
  type AuditSink,
  type StoredAuditRow,
} from '@xcap/audit';
import type Sqlite from 'better-sqlite3';
import { sqliteDatabase } from './sqlite-database.js';
import { AuditSchemaError } from './audit-schema-error.js';
import { createPrivateFile } from './create-private-file.js';
import { auditSchemaVersion, migrateAuditDb, userVersion } from './audit-schema.js';

/** What the call path may tell the sink besides the row (structurally `AuditWriteMeta` of `@xcap/audit`). */
export interface AuditRowMeta {
  /** When the call started (ISO 8601); the time of the write when absent or unreadable. */
  readonly at?: string;
  /** How long the call took in milliseconds; stored as NULL when absent. */
  readonly durationMs?: number;
  /** True for a row replayed from a spill file (stored in the `replayed` column; 0 when absent). */
  readonly replayed?: boolean;
}

/** Options of `SqliteAuditSink`. */
export interface SqliteAuditSinkOptions {
  /**
   * `full` (default): every commit is fsynced, so an acknowledged row
   * survives a power cut too; `normal`: WAL commits reach the OS at once
   * (they survive a killed process) and the disk at checkpoints.
   */
  readonly synchronous?: 'full' | 'normal';
  /** A batch this large is committed at once instead of at the end of the tick (default 4096; 1 = one transaction per row). */
  readonly maxBatch?: number;
  /** How long to wait for another process's write lock before a write fails (default 5000 ms). */
  readonly busyTimeoutMs?: number;
  /**
   * Open an existing log for reading only (`query`, `count`; writes
   * reject): nothing is created, migrated or written, so a read-only file
   * or folder works. A file without the audit table reads as no rows; one
   * of a newer schema is an `AuditSchemaError`, as for writing.
   */
  readonly readonly?: boolean;
}

/** Rows per INSERT statement inside a batch's transaction. */
const rowsPerInsert = 64;

/** The page size of a new audit database: a one-row commit appends about six pages (the row, four indexes, the id sequence) to the WAL, so small pages make a commit cheaper. */
const newFilePageSize = 1024;

/** How large the WAL may grow before a commit checkpoints it, in bytes (SQLite's default of 1000 pages of 4 KiB). */
const walCheckpointBytes = 4 * 1024 * 1024;

/** The statuses an audit row may have (the table's CHECK): `@xcap/audit`'s list. */

/**
 * An `AuditSink` in SQLite (better-sqlite3, WAL): one row per call with the
 * audit fields, the call's start time, its duration and whether it was
 * replayed from a spill file; indexes on app,
 * tool, status and time; the schema versioned with `PRAGMA user_version`.
 *
 * Group commit (`GroupCommit` of `@xcap/audit`): rows written in the same
 * tick are committed in one transaction (at `setImmediate`, or at once when
 * `maxBatch` rows are waiting), and each `write` resolves only after its
 * transaction committed
 * — an acknowledged row survives a killed process. A new file gets 1 KiB
 * pages (cheaper commits); the WAL is checkpointed every 4 MiB whatever the
 * page size. A new file is created with mode 0600 whatever the umask (SQLite
 * gives its `-wal` and `-shm` files the database's mode). A write after `close`,
 * an invalid row, or a failing database rejects; nothing throws
 * synchronously out of `write`.
 */
export class SqliteAuditSink implements AuditSink {
  /** The database file. */
  readonly file: string;
  readonly #db: Sqlite.Database;
  readonly #inserts = new Map<number, Sqlite.Statement>();
  readonly #commit: Sqlite.Transaction<(batch: readonly (readonly unknown[])[]) => void>;
  readonly #batches: GroupCommit<readonly unknown[]>;
  #closed = false;
  /** Read-only and the file has no audit table yet: it reads as no rows. */
  readonly #empty: boolean = false;
  readonly #readonly: boolean;
  /** What `query` selects: `storedAuditColumns`, or with `0 AS replayed` for a log opened read-only before schema version 2 added the column. */
  readonly #selected: string = storedAuditColumns;

  constructor(file: string, options: SqliteAuditSinkOptions = {}) {
    if (typeof file !== 'string' || file === '') throw new TypeError('SqliteAuditSink: file must be a non-empty path');
    this.#batches = new GroupCommit((batch) => this.#commitBatch(batch), { maxBatch: options.maxBatch ?? 4096, name: 'SqliteAuditSink' });
    const synchronous: unknown = options.synchronous ?? 'full'; // from any caller, JavaScript included
    if (synchronous !== 'full' && synchronous !== 'normal')
      throw new RangeError(`SqliteAuditSink: synchronous must be "full" or "normal", got ${String(synchronous)}`);
    this.file = path.resolve(file);
    this.#readonly = options.readonly === true;
    let db: Sqlite.Database;
    if (this.#readonly) {
      const opened = openReadonly(this.file, options.busyTimeoutMs ?? 5000);
      db = opened.db;
      this.#empty = opened.empty;
      if (!opened.empty && userVersion(db) < 2) this.#selected = storedAuditColumns.replace(/\breplayed\b/, '0 AS replayed');
    } else {
      try {
        mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
        createPrivateFile(this.file);
        db = new (sqliteDatabase())(this.file, { timeout: options.busyTimeoutMs ?? 5000 });
      } catch (error) {
        throw new AuditSchemaError(this.file, `cannot be opened (${message(error)})`);
      }
      setUp(db, this.file, synchronous);
    }
    this.#db = db;
    this.#commit = db.transaction((batch: readonly (readonly unknown[])[]) => {
      for (let start = 0; start < batch.length; start += rowsPerInsert) {
        const end = Math.min(start + rowsPerInsert, batch.length);
        const params: unknown[] = [];
        for (let i = start; i < end; i++) params.push(...(batch[i] as readonly unknown[]));
        this.#insertOf(end - start).run(params);
      }
    });
  }

  /**
   * Queues `row` for the current batch; resolves once the batch's
   * transaction committed. `meta.at` (the call's start) is the row's time,
   * else the time of this write; `meta.durationMs` is stored, else NULL.
   */
  write(row: AuditRow, meta?: AuditRowMeta): Promise<void> {
    if (this.#readonly) return Promise.reject(new Error(`SqliteAuditSink: ${this.file} is open read-only; the row was not written`));
    if (this.#closed) return Promise.reject(new Error(`SqliteAuditSink: ${this.file} is closed; the row was not written`));
    let values: unknown[];
    try {
      const columns = auditRowColumns(row, meta, 'SqliteAuditSink');
      // SQLite has no boolean: `replayed` (the last column) is stored as 0 or 1.
      values = [...columns.slice(0, -1), columns[8] ? 1 : 0];
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#batches.add(values);
  }

  /** Rows matching `filter`, newest first (waiting rows are committed first). */
  query(filter: AuditQuery = {}): StoredAuditRow[] {
    const { sql, params } = auditQuerySql(filter, { sink: 'SqliteAuditSink', table: 'audit', columns: this.#selected, placeholder: () => '?' });
    this.#open();
    this.#batches.flushSync();
    if (this.#empty) return [];
    return (this.#db.prepare(sql).all(params) as Record<string, unknown>[]).map(storedAuditRow);
  }

  /** The time (`at`) of the log's first row by id, or `undefined` for an empty log (waiting rows are committed first). */
  firstRowAt(): string | undefined {
    this.#open();
    this.#batches.flushSync();
    if (this.#empty) return undefined;
    return this.#db.prepare('SELECT at FROM audit ORDER BY id LIMIT 1').pluck().get() as string | undefined;
  }

  /** How many rows the log holds (waiting rows are committed first). */
  count(): number {
    this.#open();
    this.#batches.flushSync();
    if (this.#empty) return 0;
    return this.#db.prepare('SELECT count(*) FROM audit').pluck().get() as number;
  }

  /** How many transactions this sink has committed rows in (group commit makes it fewer than the rows). */
  get commits(): number {
    return this.#batches.commits;
  }

  /** Commits what is waiting and closes the database; later writes reject. Closing twice is harmless. */
  close(): void {
    if (this.#closed) return;
    this.#batches.flushSync();
    this.#closed = true;
    this.#db.close();
  }

  /** The prepared INSERT of `rows` rows in one statement (fewer round trips into SQLite than one statement per row). */
  #insertOf(rows: number): Sqlite.Statement {
    let insert = this.#inserts.get(rows);
    if (insert === undefined) {
      const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      insert = this.#db.prepare(`INSERT INTO audit (at, app_id, client_id, tool, status, error, args_hash, duration_ms, replayed) VALUES ${values}`);
      this.#inserts.set(rows, insert);
    }
    return insert;
  }

  #open(): void {
    if (this.#closed) throw new Error(`SqliteAuditSink: ${this.file} is closed`);
  }

  /** Commits one batch of rows' values in one transaction (`GroupCommit` settles their writes). */
  #commitBatch(batch: readonly (readonly unknown[])[]): void {
    try {
      this.#commit.immediate(batch);
    } catch (error) {
      throw new Error(`SqliteAuditSink: could not commit ${batch.length} audit row(s) to ${this.file}: ${message(error)}`, { cause: error });
    }
  }
}

/** Sets up a database opened for writing: page size (a new file only), WAL, `synchronous`, the schema, the checkpoint size; closes it on failure. */
function setUp(db: Sqlite.Database, file: string, synchronous: 'full' | 'normal'): void {
  try {
    // Only a database without tables takes a page size; an existing file keeps its own.
    db.pragma(`page_size = ${newFilePageSize}`);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    migrateAuditDb(db, file);
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.pragma(`wal_autocheckpoint = ${Math.max(1, Math.round(walCheckpointBytes / pageSize))}`);
  } catch (error) {
    db.close();
    if (error instanceof AuditSchemaError) throw error;
    throw new AuditSchemaError(file, `is not a usable audit database (${message(error)})`);
  }
}

/**
 * Opens an existing log for reading only. SQLite reads a WAL database
 * read-only only where it can create the `-shm` file; where it cannot (a
 * read-only folder or file system) and no `-wal` file holds uncommitted
 * pages, the file's bytes are read into memory (marked rollback-journal in
 * the copy) and queried there.
 */
function openReadonly(file: string, timeoutMs: number): { db: Sqlite.Database; empty: boolean } {
  let db: Sqlite.Database;
  try {
    db = new (sqliteDatabase())(file, { timeout: timeoutMs, readonly: true, fileMustExist: true });
  } catch (error) {
    throw new AuditSchemaError(file, `cannot be opened for reading (${message(error)})`);
  }
  try {
    return { db, empty: checkReadable(db, file) };
  } catch (error) {
    db.close();
    if (error instanceof AuditSchemaError) throw error;
    const code = String((error as { code?: unknown }).code);
    if (!code.startsWith('SQLITE_READONLY') && !code.startsWith('SQLITE_CANTOPEN'))
      throw new AuditSchemaError(file, `is not a readable audit database (${message(error)})`);
    if (!walIsEmpty(file))
      throw new AuditSchemaError(
        file,
        `cannot be read read-only: its -wal file holds rows not yet checkpointed and SQLite cannot create its -shm file here (${message(error)}); read it where its folder is writable`,
      );
  }
  try {
    const bytes = readFileSync(file);
    // Bytes 18 and 19 are the file format's write/read versions: 2 is WAL, 1 rollback journal (an in-memory copy has no WAL).
    if (bytes.length >= 20) bytes.fill(1, 18, 20);
    db = new (sqliteDatabase())(bytes, { readonly: true });
  } catch (error) {
    throw new AuditSchemaError(file, `cannot be read (${message(error)})`);
  }
  try {
    return { db, empty: checkReadable(db, file) };
  } catch (error) {
    db.close();
    if (error instanceof AuditSchemaError) throw error;
    throw new AuditSchemaError(file, `is not a readable audit database (${message(error)})`);
  }
}

/** True when the database has no `-wal` file, or an empty one. */
function walIsEmpty(file: string): boolean {
  try {
    return statSync(`${file}-wal`).size === 0;
  } catch (error) {
    return (error as { code?: unknown }).code === 'ENOENT';
  }
}

/**
 * Checks a log opened read-only: a newer schema is an `AuditSchemaError`
 * (as for writing); answers true when the file has no audit table yet
 * (new or empty: no rows).
 */
function checkReadable(db: Sqlite.Database, file: string): boolean {
  const version = userVersion(db);
  if (version > auditSchemaVersion) {
    throw new AuditSchemaError(
      file,
      `has schema version ${version}, newer than the ${auditSchemaVersion} this @xcap/host-node knows; open it with a newer @xcap/host-node`,
    );
  }
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit'").pluck().get();
  if (table !== undefined) return false;
  if (version !== 0) throw new AuditSchemaError(file, `has schema version ${version} but no audit table`);
  return true;
}

/** The message of a thrown value (an `Error`'s, else its text), for the errors this sink throws. */
function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
