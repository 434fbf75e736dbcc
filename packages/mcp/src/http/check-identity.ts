import { tokenClient, type TokenIdentity, type TokenStore } from '@xcap/tokens';
import { bearerChallenge } from './bearer-challenge.js';
import { checkBearer } from './check-bearer.js';
import type { OAuthVerdict } from './create-oauth-verifier.js';
import { httpError } from './http-answers.js';
import type { OAuthIdentity } from './oauth-identity.js';
import type { OAuthOptions } from './oauth-options.js';
import { resourceMetadataUrl } from './resource-metadata-url.js';

/** Who made a request, as `checkIdentity` found: a static token or an OAuth access token. */
export interface RequestIdentity {
  /** The audit `clientId` (`token:<name>` or `oauth:<client>@<issuer>`), also the fair gate's key. */
  readonly client: string;
  /** The static token's name, for a static token. */
  readonly token?: TokenIdentity;
  /** The verified claims, for an OAuth access token. */
  readonly oauth?: OAuthIdentity;
}

/** The OAuth side of `checkIdentity`: the options and the access-token check (loaded with jose only when OAuth is configured). */
export interface OAuthCheck {
  readonly options: OAuthOptions;
  readonly verify: Promise<(token: string) => Promise<OAuthVerdict>>;
}

/** Three base64url parts: a JWS compact serialization (an `alg: none` one has an empty third part). */
const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * The identity check of `createHttpHandler`. Without `oauth` it is
 * `checkBearer` (static tokens). With it: no bearer token → 401 whose
 * `WWW-Authenticate` names the Protected Resource Metadata (and the
 * scopes); a JWT → the OAuth check (401 `invalid_token`, 403
 * `insufficient_scope`, 503 when the authorization server cannot be
 * reached); any other token → the static tokens, unless `oauth.options.only`
 * (401 `invalid_token`).
 */
export function checkIdentity(
  tokens: TokenStore,
  oauth: OAuthCheck | undefined,
  report: (error: unknown) => void,
): (request: Request) => Promise<RequestIdentity | Response> {
  const bearer = checkBearer(tokens, report);
  const fromToken = (identity: TokenIdentity | Response) => (identity instanceof Response ? identity : { client: tokenClient(identity.name), token: identity });
  if (oauth === undefined) return async (request) => fromToken(await bearer(request));
  const { options } = oauth;
  const resourceMetadata = resourceMetadataUrl(options.resource);
  const scopes = options.scopes ?? [];
  const refused = (message: string, error?: 'invalid_token') =>
    httpError(401, message, { 'www-authenticate': bearerChallenge({ resourceMetadata, scopes, error }) });
  return async (request) => {
    const token = /^Bearer +([^\s]+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    if (token === undefined) return refused(`Unauthorized: send Authorization: Bearer <access token> (see ${resourceMetadata})`);
    if (!jwtShape.test(token)) {
      if (options.only === true) return refused('Unauthorized: this server admits only OAuth access tokens', 'invalid_token');
      const identity = await bearer(request);
      if (identity instanceof Response && identity.status === 401) return refused('Unauthorized: unknown or revoked token', 'invalid_token');
      return fromToken(identity);
    }
    let verdict: OAuthVerdict;
    try {
      verdict = await (await oauth.verify)(token);
    } catch (error) {
      report(error);
      return httpError(500, 'Internal error: the access token could not be checked');
    }
    if (verdict.ok) return { client: verdict.identity.clientId, oauth: verdict.identity };
    if (verdict.error === 'unavailable') {
      report(new Error(verdict.reason));
      return httpError(503, 'Service unavailable: the authorization server could not be reached; retry', { 'retry-after': '5' });
    }
    if (verdict.error === 'insufficient_scope')
      return httpError(403, `Forbidden: ${verdict.reason}`, {
        'www-authenticate': bearerChallenge({ resourceMetadata, scopes, error: 'insufficient_scope' }),
      });
    return refused(`Unauthorized: ${verdict.reason}`, 'invalid_token');
  };
}
