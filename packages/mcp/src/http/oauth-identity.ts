/** Who made a request with an OAuth access token, as its verified claims say. */
export interface OAuthIdentity {
  /** The audit `clientId` (`oauthClientId`): `oauth:<client_id>@<issuer>`, else `azp`, else `sub` before the `@`, e.g. `oauth:xcap-agent@login.example.com`. */
  readonly clientId: string;
  /** The token's `sub` (the person or the service), when it has one. */
  readonly subject: string | undefined;
  /** The token's `iss`. */
  readonly issuer: string;
  /** The scopes it carries (`scope`, space-separated, or `scp`). */
  readonly scopes: readonly string[];
}
