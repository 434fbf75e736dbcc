/** Who made a request with an OAuth access token, as its verified claims say. */
export interface OAuthIdentity {
  /** The audit `clientId`: `oauth:<client_id>`, else `oauth:<azp>`, else `oauth:<sub>`. */
  readonly clientId: string;
  /** The token's `sub` (the person or the service), when it has one. */
  readonly subject: string | undefined;
  /** The token's `iss`. */
  readonly issuer: string;
  /** The scopes it carries (`scope`, space-separated, or `scp`). */
  readonly scopes: readonly string[];
}
