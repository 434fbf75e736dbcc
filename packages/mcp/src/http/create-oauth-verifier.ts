import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWSHeaderParameters,
  type JWTPayload,
} from 'jose';
import { boundedFetch, type FetchBounds } from './bounded-fetch.js';
import { discoverJwksUri } from './discover-jwks-uri.js';
import { oauthClientId } from './oauth-client-id.js';
import type { OAuthIdentity } from './oauth-identity.js';
import type { OAuthOptions } from './oauth-options.js';

/** What `createOAuthVerifier`'s check answers about one access token. */
export type OAuthVerdict =
  | { readonly ok: true; readonly identity: OAuthIdentity }
  | { readonly ok: false; readonly error: 'invalid_token' | 'insufficient_scope' | 'unavailable'; readonly reason: string };

/** The signing algorithms admitted (RFC 9068 asymmetric ones; never `none` or HS*). `Ed25519` is EdDSA's fully-specified name. */
const algorithms = ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'];
/**
 * The `typ` header values admitted, lowercased and without the optional
 * `application/` prefix (RFC 9068 §2.1 `at+jwt`, and plain JWT as several providers send).
 */
const types = new Set(['at+jwt', 'jwt']);
/** The longest token looked at, in characters. */
const maxTokenLength = 16 * 1024;
/** The largest metadata or JWKS document read, in bytes. */
const maxDocumentBytes = 512 * 1024;
/** How long a failed discovery is remembered before it is tried again, in milliseconds. */
const discoveryRetryMs = 5_000;

type RemoteKeys = ReturnType<typeof createRemoteJWKSet>;
type KeyResolver = (...args: Parameters<RemoteKeys>) => ReturnType<RemoteKeys>;

/** The JWKS of one issuer, discovered once (a failure is retried after `discoveryRetryMs`). */
interface IssuerKeys {
  resolver: Promise<KeyResolver> | undefined;
  failedAt: number;
}

/** An error of the authorization server's side (metadata or JWKS unreachable): the token is not judged. */
class Unavailable extends Error {}

/** Lowercased `typ`, without a leading `application/`. */
const typeOf = (header: JWSHeaderParameters) => (typeof header.typ === 'string' ? header.typ.toLowerCase() : '');

/** The scopes of a claims set: RFC 9068 `scope` (space-separated) or `scp` (an array or a string). */
function scopesOf(payload: JWTPayload): string[] {
  const claim = payload['scope'] ?? payload['scp'];
  if (typeof claim === 'string') return claim.split(' ').filter((each) => each !== '');
  return Array.isArray(claim) ? claim.filter((each): each is string => typeof each === 'string') : [];
}

/** The first of these claims that is a non-empty string. */
function firstString(payload: JWTPayload, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = payload[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The JWT access-token check of an OAuth resource server (RFC 9068, jose):
 * the token at most 16 KiB; `alg` RS256, PS256, ES256 or EdDSA; `typ`
 * `at+jwt` or `JWT`; `iss` one of `options.issuers`; the signature against
 * that issuer's JWKS (its `jwks_uri` discovered through RFC 8414, then
 * OpenID discovery; cached, fetched again for an unknown `kid` at most once
 * per `jwksCooldownMs`; a failed JWKS fetch not tried again for
 * `jwksCooldownMs` either, however many tokens arrive: meanwhile the keys
 * fetched last judge while fresh, else the token is `unavailable`; every
 * fetch bounded in time and size); `aud`
 * containing `options.resource`; `exp` (required) and `nbf` with at most
 * `clockSkewSeconds` of skew against `now`; then the required scopes. An
 * unreachable authorization server answers `unavailable`, not a verdict on
 * the token (HTTP 503 with `retry-after`, not 401: a 401 `invalid_token`
 * would tell a client with a valid token to throw it away and sign in again,
 * RFC 6750 §3.1). The audit identity names the issuer (`oauthClientId`). Keeps nothing a token needs besides the issuers' public keys,
 * so any number of hosts can share the load.
 */
export function createOAuthVerifier(options: OAuthOptions, now: () => number): (token: string) => Promise<OAuthVerdict> {
  const bounds: FetchBounds = { timeoutMs: options.fetchTimeoutMs ?? 5_000, maxBytes: maxDocumentBytes };
  const skew = Math.min(options.clockSkewSeconds ?? 60, 60);
  const required = options.scopes ?? [];
  const cooldownMs = options.jwksCooldownMs ?? 30_000;
  const issuers = new Map<string, IssuerKeys>(options.issuers.map((issuer) => [issuer, { resolver: undefined, failedAt: -Infinity }]));

  const keysOf = (issuer: string, keys: IssuerKeys): Promise<KeyResolver> => {
    if (keys.resolver === undefined) {
      if (now() - keys.failedAt < discoveryRetryMs) return Promise.reject(new Unavailable(`the metadata of issuer ${issuer} could not be discovered`));
      keys.resolver = discoverJwksUri(issuer, bounds).then(
        (uri) => {
          const remote = createRemoteJWKSet(new URL(uri), {
            timeoutDuration: bounds.timeoutMs,
            cooldownDuration: cooldownMs,
            [customFetch]: (url, init) => boundedFetch(url, bounds, init.headers),
          });
          // jose's cooldown counts from the last fetch that succeeded: a failing JWKS would be fetched again for every
          // token. Failures are remembered here, on `now`, and for `cooldownMs` no token fetches: the keys last fetched
          // (while fresh) still judge, else the token is unavailable unjudged.
          let failedAt = -Infinity;
          const resolver: KeyResolver = async (header, token) => {
            if (now() - failedAt < cooldownMs) {
              const last = remote.fresh ? remote.jwks() : undefined;
              if (last !== undefined) return createLocalJWKSet(last)(header, token);
              throw new Unavailable(
                `the JWKS of issuer ${issuer} could not be fetched ${Math.round((now() - failedAt) / 1000)} s ago; not tried again before ${cooldownMs / 1000} s`,
              );
            }
            try {
              return await remote(header, token);
            } catch (error) {
              if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
              failedAt = now();
              throw new Unavailable(`the JWKS of issuer ${issuer} could not be fetched: ${(error as Error).message}`);
            }
          };
          return resolver;
        },
        (error: unknown) => {
          keys.resolver = undefined;
          keys.failedAt = now();
          throw new Unavailable((error as Error).message);
        },
      );
    }
    return keys.resolver;
  };

  return async (token) => {
    const refuse = (reason: string): OAuthVerdict => ({ ok: false, error: 'invalid_token', reason });
    if (token.length > maxTokenLength) return refuse(`the token is longer than ${maxTokenLength} characters`);
    let header: JWSHeaderParameters;
    let claims: JWTPayload;
    try {
      header = decodeProtectedHeader(token);
      claims = decodeJwt(token);
    } catch {
      return refuse('not a JWT access token');
    }
    if (typeof header.alg !== 'string' || !algorithms.includes(header.alg))
      return refuse(`alg ${JSON.stringify(header.alg)} is not accepted (${algorithms.join(', ')})`);
    if (!types.has(typeOf(header).replace(/^application\//, ''))) return refuse(`typ ${JSON.stringify(header.typ)} is not at+jwt or JWT`);
    const issuer = claims.iss;
    const keys = typeof issuer === 'string' ? issuers.get(issuer) : undefined;
    if (issuer === undefined || keys === undefined) return refuse(`iss ${JSON.stringify(issuer)} is not a trusted issuer`);
    let payload: JWTPayload;
    try {
      const resolver = await keysOf(issuer, keys);
      ({ payload } = await jwtVerify(token, resolver, {
        issuer,
        audience: options.resource,
        algorithms,
        clockTolerance: skew,
        currentDate: new Date(now()),
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      if (error instanceof Unavailable) return { ok: false, error: 'unavailable', reason: error.message };
      if (error instanceof errors.JWKSNoMatchingKey) return refuse(`signed by a key issuer ${issuer} does not publish`);
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud')
        return refuse(`the token is not for this resource (aud must contain ${options.resource})`);
      return refuse((error as Error).message);
    }
    const scopes = scopesOf(payload);
    const missing = required.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0) return { ok: false, error: 'insufficient_scope', reason: `the token lacks the scope(s) ${missing.join(' ')}` };
    const client = firstString(payload, ['client_id', 'azp', 'sub']);
    if (client === undefined) return refuse('the token names no client_id, azp or sub');
    return { ok: true, identity: { clientId: oauthClientId(client, issuer), subject: firstString(payload, ['sub']), issuer, scopes } };
  };
}
