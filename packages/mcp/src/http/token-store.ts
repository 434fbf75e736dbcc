/** Who a bearer token belongs to: the name it was added under. */
export interface TokenIdentity {
  /** The token's name (`tokenNamePattern`); audit rows name it as `token:<name>`. */
  readonly name: string;
}

/**
 * Where an HTTP host looks up bearer tokens. A store keeps only each token's
 * SHA-256 digest (never the token) and compares digests in constant time.
 * `verify` is asked on every request, so a revoked token is refused on the
 * next request, with no restart. A file (`FileTokenStore` of
 * `@xcap/host-node`), a database or `MemoryTokenStore` can implement it.
 */
export interface TokenStore {
  /** The identity of `token`, or `null` when it is unknown or revoked. A throw answers the request 500 (the store is broken, not the token). */
  verify(token: string): Promise<TokenIdentity | null>;
}

/** What a token name may be: 1 to 64 of `A-Z a-z 0-9 . _ -`, starting with a letter or digit. */
export const tokenNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** True when `name` matches `tokenNamePattern`. */
export function isTokenName(name: unknown): name is string {
  return typeof name === 'string' && tokenNamePattern.test(name);
}

/** The audit `client` of the calls a token makes: `token:<name>`. */
export function tokenClient(name: string): string {
  return `token:${name}`;
}
