/** The OAuth 2.1 resource-server settings of `serveHttp` (`xcap serve --oauth-*`). */
export interface ServeOAuthOptions {
  /** The issuers whose JWT access tokens are admitted (`--oauth-issuer`, https or http on loopback). */
  readonly issuers: readonly string[];
  /** The resource URL tokens must carry in `aud` (`--oauth-resource`; default the endpoint's URL, `http://<host>:<port>/mcp`). */
  readonly resource?: string;
  /** The scopes every token must carry (`--oauth-scope`; default none). */
  readonly scopes?: readonly string[];
  /** Refuse static tokens (`--oauth-only`). */
  readonly only?: boolean;
}
