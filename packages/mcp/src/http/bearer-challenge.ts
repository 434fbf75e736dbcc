/** What a `WWW-Authenticate: Bearer` challenge of `bearerChallenge` says. */
export interface BearerChallenge {
  /** The Protected Resource Metadata URL (RFC 9728 `resource_metadata`), when the endpoint is an OAuth resource server. */
  readonly resourceMetadata?: string;
  /** The RFC 6750 error: `invalid_token` when a token was sent and refused, `insufficient_scope` when it lacks a scope. */
  readonly error?: 'invalid_token' | 'insufficient_scope';
  /** The scopes needed (space-separated in the header). */
  readonly scopes?: readonly string[];
}

/** A quoted-string of RFC 9110 (a backslash before `"` and `\`). */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The `WWW-Authenticate` value of a 401 or 403 of the endpoint:
 * `Bearer realm="xcap"`, then `resource_metadata="…"` (RFC 9728 §5.1),
 * `error="…"` and `scope="…"` as given.
 */
export function bearerChallenge(challenge: BearerChallenge = {}): string {
  const parts = ['realm="xcap"'];
  if (challenge.resourceMetadata !== undefined) parts.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  if (challenge.error !== undefined) parts.push(`error="${challenge.error}"`);
  if (challenge.scopes !== undefined && challenge.scopes.length > 0) parts.push(`scope=${quoted(challenge.scopes.join(' '))}`);
  return `Bearer ${parts.join(', ')}`;
}
