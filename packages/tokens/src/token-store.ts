/** Who a bearer token belongs to: the name it was added under. */
export interface TokenIdentity {
  /** The token's name (`tokenNamePattern`); audit rows name it as `token:<name>`. */
  readonly name: string;
}

/** A token's name and when it was added (what `xcap token list` shows; never the token). */
export interface TokenListing {
  /** The token's name. */
  readonly name: string;
  /** When it was added (ISO 8601, UTC). */
  readonly created: string;
}

/**
 * Where an HTTP host looks up bearer tokens. A store keeps only each token's
 * SHA-256 digest (`tokenDigest`, never the token) and compares digests in
 * constant time with every entry (`findTokenName`). `verify` is asked on
 * every request, so a revoked token is refused on the next request, with no
 * restart. A file (`FileTokenStore` of `@xcap/host-node`), PostgreSQL
 * (`PostgresTokenStore` of `@xcap/store-postgres`) or `MemoryTokenStore`
 * implement it.
 */
export interface TokenStore {
  /** The identity of `token`, or `null` when it is unknown or revoked. A throw answers the request 500 (the store is broken, not the token). */
  verify(token: string): Promise<TokenIdentity | null>;
}

/**
 * A `TokenStore` that also hands out and takes back tokens (what
 * `xcap token` and the store conformance suite use). Its rules:
 *
 * - `add(name)` checks the name (`checkTokenName`: a `TypeError` outside
 *   `tokenNamePattern`), mints a token (`mintToken`), keeps its digest and
 *   answers the token — the only time it is shown. A name that has a token
 *   is a `TokenNameTakenError` and leaves that token as it was.
 * - `list()` answers every name with its `created` time, sorted by name.
 * - `revoke(name)` forgets the token and answers whether there was one; the
 *   token is refused from the next `verify` on, through every instance on the
 *   same storage. The name may then be added again (with a new token).
 */
export interface ManagedTokenStore extends TokenStore {
  /** Makes a new token named `name` and answers it. */
  add(name: string): Promise<string>;
  /** The stored tokens' names and times, sorted by name. */
  list(): Promise<TokenListing[]>;
  /** Forgets the token named `name`; answers whether there was one. */
  revoke(name: string): Promise<boolean>;
}
