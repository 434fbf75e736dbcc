/** `FileTokenStore.add` of a name that already has a token: revoke it first (a token is shown only once, so it is never replaced silently). */
export class TokenNameTakenError extends Error {
  /** The name. */
  readonly tokenName: string;

  constructor(file: string, name: string) {
    super(`a token named ${JSON.stringify(name)} exists in ${file}: revoke it first (xcap token revoke ${name})`);
    this.name = 'TokenNameTakenError';
    this.tokenName = name;
  }
}
