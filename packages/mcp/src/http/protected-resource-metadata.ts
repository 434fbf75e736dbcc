import type { OAuthOptions } from './oauth-options.js';

/** The Protected Resource Metadata document (RFC 9728 §2) the endpoint serves. */
export interface ProtectedResourceMetadata {
  /** The resource identifier: the endpoint's canonical URL. */
  readonly resource: string;
  /** The issuers whose access tokens it admits. */
  readonly authorization_servers: readonly string[];
  /** How a token may be sent: only the `Authorization` header. */
  readonly bearer_methods_supported: readonly ['header'];
  /** The scopes a token must carry (the configured ones). */
  readonly scopes_supported: readonly string[];
}

/** The Protected Resource Metadata of an endpoint configured with `oauth` (RFC 9728): what an OAuth-capable client discovers first. */
export function protectedResourceMetadata(oauth: OAuthOptions): ProtectedResourceMetadata {
  return {
    resource: oauth.resource,
    authorization_servers: [...oauth.issuers],
    bearer_methods_supported: ['header'],
    scopes_supported: [...(oauth.scopes ?? [])],
  };
}
