import { identifyToken, newTokenRecord, TokenNameTakenError, type ManagedTokenStore, type TokenIdentity, type TokenListing } from '@xcap/tokens';
import type { PostgresDatabase } from './postgres-database.js';

/**
 * The bearer tokens of an HTTP host in PostgreSQL (a `ManagedTokenStore` of
 * `@xcap/tokens`): one row per name holding only the token's SHA-256 digest
 * (base64url), never the token.
 *
 * - `add(name)` mints a token (`mintToken`: `xcap_` and 32 bytes of the
 *   CSPRNG) and answers it once; a taken name is a `TokenNameTakenError`.
 * - `verify(token)` reads every stored digest and compares each with the
 *   token's in constant time (`findTokenName`), whichever matches. No
 *   cache: a token revoked through any host is refused on the next request
 *   everywhere.
 */
export class PostgresTokenStore implements ManagedTokenStore {
  readonly #db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.#db = db;
  }

  /** The identity of `token`, or `null` when no stored digest matches (unknown or revoked). */
  async verify(token: string): Promise<TokenIdentity | null> {
    if (typeof token !== 'string') return null;
    const result = await this.#db.query<{ name: string; sha256: string }>('read the tokens', `SELECT name, sha256 FROM ${this.#db.names.tokens}`);
    return identifyToken(
      token,
      result.rows.map((row) => [row.name, Buffer.from(row.sha256, 'base64url')] as const),
    );
  }

  /** The stored tokens' names and times, sorted by name. */
  async list(): Promise<TokenListing[]> {
    const result = await this.#db.query<{ name: string; created: Date }>(
      'list the tokens',
      `SELECT name, created FROM ${this.#db.names.tokens} ORDER BY name COLLATE "C"`,
    );
    return result.rows.map((r) => ({ name: r.name, created: r.created.toISOString() }));
  }

  /** Makes a new token named `name` and answers it (the only time it is shown). */
  async add(name: string): Promise<string> {
    const { token, sha256 } = await newTokenRecord(name);
    const result = await this.#db.query('add a token', `INSERT INTO ${this.#db.names.tokens} (name, sha256) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      name,
      sha256,
    ]);
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
