import { checkConsentClaim, type ConsentNonceStore } from '@xcap/broker';
import type { PostgresDatabase } from './postgres-database.js';

/** Options of `PostgresConsentNonceStore`. */
export interface PostgresConsentNonceStoreOptions {
  /** The clock, in milliseconds since the epoch (default `Date.now`): the hosts sharing a database need clocks in step, as for the states' own expiry. */
  readonly now?: () => number;
}

/**
 * A `ConsentNonceStore` in PostgreSQL, shared by every host on the
 * database (they share the consent state's key too, `sharedKey`): one row
 * per claimed nonce with its expiry (table `<prefix>consent_nonces`, schema
 * version 3). A claim prunes the expired rows, then inserts the nonce with
 * `INSERT … ON CONFLICT DO NOTHING`: of concurrent claims of one nonce, on
 * any host, exactly one inserts the row and is `true`.
 */
export class PostgresConsentNonceStore implements ConsentNonceStore {
  readonly #db: PostgresDatabase;
  readonly #now: () => number;

  constructor(db: PostgresDatabase, options: PostgresConsentNonceStoreOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  /** `true` the first time `nonce` is claimed before `expiresAt`, on any host of the database; see `ConsentNonceStore.claim`. */
  async claim(nonce: string, expiresAt: number): Promise<boolean> {
    checkConsentClaim('PostgresConsentNonceStore', nonce, expiresAt);
    const now = this.#now();
    const n = this.#db.names;
    await this.#db.query('prune the consent nonces', `DELETE FROM ${n.consentNonces} WHERE expires_at <= $1`, [now]);
    if (expiresAt <= now) return false;
    const inserted = await this.#db.query(
      'claim a consent nonce',
      `INSERT INTO ${n.consentNonces} (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING`,
      [nonce, Math.trunc(expiresAt)],
    );
    return inserted.rowCount === 1;
  }
}
