import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type Sqlite from 'better-sqlite3';
import { sqliteDatabase } from './sqlite-database.js';
import { checkConsentClaim, type ConsentNonceStore } from '@xcap/broker';
import { createPrivateFile } from './create-private-file.js';

/** Options of `SqliteConsentNonceStore`. */
export interface SqliteConsentNonceStoreOptions {
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /** How long a claim waits for another process's claim to commit, in milliseconds (default 5000). */
  readonly busyTimeoutMs?: number;
}

/** The schema version of the consent nonce database (`PRAGMA user_version`). */
const schemaVersion = 1;

/**
 * A `ConsentNonceStore` in a SQLite file of the data directory
 * (`consent-nonces.sqlite`, see `consentNoncePath`; mode 0600, WAL): one row
 * per claimed nonce with its expiry. A claim is one `BEGIN IMMEDIATE`
 * transaction that prunes the expired rows and inserts the nonce
 * (`INSERT … ON CONFLICT DO NOTHING`), so of any claims of one nonce — from
 * this process or another sharing the data directory — exactly one is
 * `true`. Opening creates the file and its table; a file of a newer schema
 * version is refused with an `Error` naming it.
 */
export class SqliteConsentNonceStore implements ConsentNonceStore {
  /** The database file (absolute). */
  readonly file: string;
  readonly #db: Sqlite.Database;
  readonly #now: () => number;
  readonly #claim: (nonce: string, expiresAt: number, now: number) => boolean;

  constructor(file: string, options: SqliteConsentNonceStoreOptions = {}) {
    if (typeof file !== 'string' || file === '') throw new TypeError('SqliteConsentNonceStore: file must be a non-empty path');
    this.file = path.resolve(file);
    this.#now = options.now ?? Date.now;
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    createPrivateFile(this.file);
    const db = new (sqliteDatabase())(this.file, { timeout: options.busyTimeoutMs ?? 5000 });
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > schemaVersion)
        throw new Error(`SqliteConsentNonceStore: ${this.file} has schema version ${version}; this version of xcap reads up to ${schemaVersion}`);
      db.transaction(() => {
        db.exec(`CREATE TABLE IF NOT EXISTS consent_nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
                 CREATE INDEX IF NOT EXISTS consent_nonces_expires_at ON consent_nonces (expires_at);`);
        db.pragma(`user_version = ${schemaVersion}`);
      }).immediate();
    } catch (error) {
      db.close();
      throw error;
    }
    this.#db = db;
    const prune = db.prepare('DELETE FROM consent_nonces WHERE expires_at <= ?');
    const insert = db.prepare('INSERT INTO consent_nonces (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING');
    const claim = db.transaction((nonce: string, expiresAt: number, now: number): boolean => {
      prune.run(now);
      return expiresAt > now && insert.run(nonce, expiresAt).changes === 1;
    });
    this.#claim = (nonce, expiresAt, now) => claim.immediate(nonce, expiresAt, now);
  }

  /** `true` the first time `nonce` is claimed before `expiresAt`, in any process on this file; see `ConsentNonceStore.claim`. */
  claim(nonce: string, expiresAt: number): Promise<boolean> {
    try {
      checkConsentClaim('SqliteConsentNonceStore', nonce, expiresAt);
      return Promise.resolve(this.#claim(nonce, Math.trunc(expiresAt), this.#now()));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Closes the database. */
  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
