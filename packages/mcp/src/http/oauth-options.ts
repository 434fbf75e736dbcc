/** The OAuth 2.1 resource-server side of `createHttpHandler` (MCP authorization): which JWT access tokens it admits. */
export interface OAuthOptions {
  /** The issuer identifiers trusted (`https://…`, or `http://` on loopback); a token's `iss` must equal one of them. At least one. */
  readonly issuers: readonly string[];
  /** The resource this endpoint is (RFC 8707, RFC 9728): its canonical URL, e.g. `https://xcap.example.com/mcp`; a token's `aud` must contain it. */
  readonly resource: string;
  /** The scopes every token must carry (default none); a token without one gets 403 `insufficient_scope`. */
  readonly scopes?: readonly string[];
  /** Refuse static bearer tokens (`xcap token add`): only OAuth access tokens are admitted (default false: both). */
  readonly only?: boolean;
  /** The clock skew allowed on `exp` and `nbf`, in seconds (default 60, at most 60). */
  readonly clockSkewSeconds?: number;
  /** How long one fetch of an issuer's metadata or JWKS may take, in milliseconds (default 5,000). */
  readonly fetchTimeoutMs?: number;
  /** The shortest time between two JWKS fetches of one issuer that an unknown `kid` triggers, and between a failed JWKS fetch and the next, in milliseconds (default 30,000). */
  readonly jwksCooldownMs?: number;
  /** The `max-age` of the Protected Resource Metadata document, in seconds (default 3,600). */
  readonly metadataMaxAgeSeconds?: number;
}
