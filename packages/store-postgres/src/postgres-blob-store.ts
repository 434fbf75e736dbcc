import { randomBytes } from 'node:crypto';
import { QuotaExceededError, type BlobStore, type StoredBlob } from '@xcap/bridge';
import type { PostgresDatabase } from './postgres-database.js';

/** The default per-app quota: 1 GiB (as the file store's). */
export const defaultQuotaBytes = 2 ** 30;

/** Options of `PostgresBlobStore`. */
export interface PostgresBlobStoreOptions {
  /** The most bytes one app's files may hold together, metadata included (default 1 GiB). */
  readonly quotaBytes?: number;
}

/** One stored file as `PostgresBlobStore.list` describes it. */
export interface PostgresBlobListing {
  /** The file's id (`f-` + 32 hex digits). */
  readonly fileId: string;
  /** The name it was stored under. */
  readonly name: string;
  /** Its media type. */
  readonly mimeType: string;
  /** Size of the bytes. */
  readonly size: number;
  /** When the file was stored (ISO time). */
  readonly createdAt: string;
}

const fileIdPattern = /^f-[0-9a-f]{32}$/;

/**
 * A `BlobStore` in PostgreSQL: app files as rows (bytes, name, mimeType,
 * size, time), keyed by app and file id.
 *
 * - File ids are `f-` + 32 hex digits from a CSPRNG (as the file store's);
 *   any other id answers "no such file". Every method takes the app id and
 *   every statement filters on it: one app never reaches another's files.
 * - Per-app quota, counted like the file store's: the bytes plus the
 *   metadata the file store keeps in its sidecar (the same JSON, so the
 *   same figure). The check and the insert run in one transaction under a
 *   per-app advisory transaction lock, so two hosts cannot both pass the
 *   check; a put over it rejects with a `QuotaExceededError` (the bridge
 *   turns it into `storeFailed`).
 */
export class PostgresBlobStore implements BlobStore {
  /** The per-app quota in bytes. */
  readonly quotaBytes: number;
  readonly #db: PostgresDatabase;

  constructor(db: PostgresDatabase, options: PostgresBlobStoreOptions = {}) {
    const quotaBytes = options.quotaBytes ?? defaultQuotaBytes;
    if (!Number.isSafeInteger(quotaBytes) || quotaBytes < 0)
      throw new RangeError(`PostgresBlobStore: quotaBytes must be a non-negative integer, got ${String(quotaBytes)}`);
    this.#db = db;
    this.quotaBytes = quotaBytes;
  }

  /** The app's file with that id, or `undefined` when the app has none by that id (or the id is not one of ours). */
  async get(app: string, fileId: string): Promise<StoredBlob | undefined> {
    checkApp(app);
    if (!isFileId(fileId)) return undefined;
    const n = this.#db.names;
    const result = await this.#db.query<{ bytes: Buffer; name: string; mime_type: string }>(
      'read an app file',
      `SELECT bytes, name, mime_type FROM ${n.files} WHERE app_id = $1 AND file_id = $2`,
      [app, fileId],
    );
    const row = result.rows[0];
    if (row === undefined) return undefined;
    return { bytes: new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), name: row.name, mimeType: row.mime_type };
  }

  /** Stores a new file for the app and answers its new id; a `QuotaExceededError` when it does not fit. Resolves once committed. */
  async put(app: string, name: string, mimeType: string, bytes: Uint8Array): Promise<string> {
    checkApp(app);
    if (typeof name !== 'string') throw new TypeError('PostgresBlobStore.put: name must be a string');
    if (typeof mimeType !== 'string') throw new TypeError('PostgresBlobStore.put: mimeType must be a string');
    if (!(bytes instanceof Uint8Array)) throw new TypeError('PostgresBlobStore.put: bytes must be a Uint8Array');
    const n = this.#db.names;
    const fileId = `f-${randomBytes(16).toString('hex')}`;
    const createdAt = new Date().toISOString();
    const metaBytes = Buffer.byteLength(`${JSON.stringify({ name, mimeType, size: bytes.length, createdAt })}\n`);
    const needed = bytes.length + metaBytes;
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return this.#db.transaction('store an app file', async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [this.#db.lockKey('files', app)]);
      const used = Number(
        (await client.query<{ used: string }>(`SELECT coalesce(sum(size + meta_bytes), 0)::text AS used FROM ${n.files} WHERE app_id = $1`, [app])).rows[0]
          ?.used ?? 0,
      );
      if (used + needed > this.quotaBytes) throw new QuotaExceededError(app, this.quotaBytes, used, needed);
      await client.query(
        `INSERT INTO ${n.files} (app_id, file_id, name, mime_type, size, meta_bytes, created_at, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [app, fileId, name, mimeType, bytes.length, metaBytes, createdAt, data],
      );
      return fileId;
    });
  }

  /** Removes one of the app's files; an unknown or foreign id is ignored. */
  async remove(app: string, fileId: string): Promise<void> {
    checkApp(app);
    if (!isFileId(fileId)) return;
    const n = this.#db.names;
    await this.#db.query('remove an app file', `DELETE FROM ${n.files} WHERE app_id = $1 AND file_id = $2`, [app, fileId]);
  }

  /** The app's files, oldest first. */
  async list(app: string): Promise<PostgresBlobListing[]> {
    checkApp(app);
    const n = this.#db.names;
    const result = await this.#db.query<{ file_id: string; name: string; mime_type: string; size: string; created_at: Date }>(
      'list app files',
      `SELECT file_id, name, mime_type, size, created_at FROM ${n.files} WHERE app_id = $1 ORDER BY created_at, file_id`,
      [app],
    );
    return result.rows.map((r) => ({ fileId: r.file_id, name: r.name, mimeType: r.mime_type, size: Number(r.size), createdAt: r.created_at.toISOString() }));
  }

  /** Bytes the app's files use now, metadata included (what the quota is checked against). */
  async usage(app: string): Promise<number> {
    checkApp(app);
    const n = this.#db.names;
    const result = await this.#db.query<{ used: string }>(
      "count an app's usage",
      `SELECT coalesce(sum(size + meta_bytes), 0)::text AS used FROM ${n.files} WHERE app_id = $1`,
      [app],
    );
    return Number(result.rows[0]?.used ?? 0);
  }
}

/** True when `fileId` has the exact shape of the ids this store makes. */
function isFileId(fileId: unknown): fileId is string {
  return typeof fileId === 'string' && fileIdPattern.test(fileId);
}

function checkApp(app: unknown): asserts app is string {
  if (typeof app !== 'string' || app === '')
    throw new TypeError(`PostgresBlobStore: app must be a non-empty string, got ${typeof app === 'string' ? '""' : typeof app}`);
}
