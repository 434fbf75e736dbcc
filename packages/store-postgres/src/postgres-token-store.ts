import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PostgresDatabase } from './postgres-database.js';
import { TokenNameTakenError } from './token-name-taken-error.js';

/** Who a bearer token belongs to (structurally `TokenIdentity` of `@xcap/mcp`). */
export interface PostgresTokenIdentity {
  /** The token's name. */
  readonly name: string;
}

/** A token's name and when it was added (never the token). */
export interface PostgresTokenListing {
  /** The token's name. */
  readonly name: string;
  /** When it was added (ISO 8601). */
  readonly created: string;
}

/** What a token name may be (`tokenNamePattern` of `@xcap/mcp`): 1 to 64 of `A-Z a-z 0-9 . _ -`, starting with a letter or digit. */
const tokenNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Bytes of randomness in a token: 32 (256 bits; 43 base64url characters), as `FileTokenStore`'s. */
export const tokenBytes = 32;

/**
 * The bearer tokens of an HTTP host in PostgreSQL (structurally the
 * `TokenStore` of `@xcap/mcp`): one row per name holding only the token's
 * SHA-256 digest (base64url), never the token.
 *
 * - `add(name)` makes a token of 32 bytes from the OS's CSPRNG and answers
 *   it once; a taken name is a `TokenNameTakenError`.
 * - `verify(token)` reads every stored digest and compares each with the
 *   token's in constant time (`crypto.timingSafeEqual`), whichever
 *   matches. No cache: a token revoked through any host is refused on the
 *   next request everywhere.
 */
export class PostgresTokenStore {
  readonly #db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.#db = db;
  }

  /** The identity of `token`, or `null` when no stored digest matches (unknown or revoked). */
  async verify(token: string): Promise<PostgresTokenIdentity | null> {
    if (typeof token !== 'string') return null;
    const result = await this.#db.query<{ name: string; sha256: string }>('read the tokens', `SELECT name, sha256 FROM ${this.#db.names.tokens}`);
    const digest = createHash('sha256').update(token, 'utf8').digest();
    let found: string | null = null;
    for (const row of result.rows) {
      const stored = Buffer.from(row.sha256, 'base64url');
      if (stored.length === digest.length && timingSafeEqual(digest, stored)) found = row.name;
    }
    return found === null ? null : { name: found };
  }

  /** The stored tokens' names and times, sorted by name. */
  async list(): Promise<PostgresTokenListing[]> {
    const result = await this.#db.query<{ name: string; created: Date }>('list the tokens', `SELECT name, created FROM ${this.#db.names.tokens} ORDER BY name COLLATE "C"`);
    return result.rows.map((r) => ({ name: r.name, created: r.created.toISOString() }));
  }

  /** Makes a new token named `name` and answers it (the only time it is shown). */
  async add(name: string): Promise<string> {
    if (typeof name !== 'string' || !tokenNamePattern.test(name)) throw new TypeError(`${JSON.stringify(name)} is not a token name (1 to 64 of A-Z a-z 0-9 . _ -, starting with a letter or digit)`);
    const token = randomBytes(tokenBytes).toString('base64url');
    const sha256 = createHash('sha256').update(token, 'utf8').digest('base64url');
    const result = await this.#db.query('add a token', `INSERT INTO ${this.#db.names.tokens} (name, sha256) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, sha256]);
    if (result.rowCount === 0) throw new TokenNameTakenError(this.#db.label, name);
    return token;
  }

  /** Forgets the token named `name`; answers whether there was one. */
  async revoke(name: string): Promise<boolean> {
    if (typeof name !== 'string') return false;
    const result = await this.#db.query('revoke a token', `DELETE FROM ${this.#db.names.tokens} WHERE name = $1`, [name]);
    return (result.rowCount ?? 0) > 0;
  }
}
