/**
 * A store's `add` of a name that already has a token: revoke it first (a
 * token is shown only once, so it is never replaced silently). Every store
 * (`MemoryTokenStore`, `FileTokenStore` of `@xcap/host-node`,
 * `PostgresTokenStore` of `@xcap/store-postgres`) throws this one class, so
 * callers match it with `instanceof`.
 */
export class TokenNameTakenError extends Error {
  /** The name. */
  readonly tokenName: string;

  constructor(where: string, name: string) {
    super(`a token named ${JSON.stringify(name)} exists in ${where}: revoke it first (xcap token revoke ${name})`);
    this.name = 'TokenNameTakenError';
    this.tokenName = name;
  }
}
