import { httpError } from './http-answers.js';
import type { TokenIdentity, TokenStore } from '@xcap/tokens';

/**
 * The bearer check of `createHttpHandler`: answers the identity of the
 * request's `Authorization: Bearer <token>` as `tokens` verifies it, or the
 * refusal to send — 401 with `WWW-Authenticate: Bearer realm="xcap"` when
 * there is no bearer token, the same with `error="invalid_token"` for one
 * `tokens` does not know (wrong or revoked), 500 when `tokens` throws (told
 * to `report`).
 */
export function checkBearer(tokens: TokenStore, report: (error: unknown) => void): (request: Request) => Promise<TokenIdentity | Response> {
  return async (request) => {
    const bearer = /^Bearer +([^\s]+) *$/i.exec(request.headers.get('authorization') ?? '');
    if (bearer === null)
      return httpError(401, 'Unauthorized: send Authorization: Bearer <token> (xcap token add <name>)', { 'www-authenticate': 'Bearer realm="xcap"' });
    let identity: TokenIdentity | null;
    try {
      identity = await tokens.verify(bearer[1] as string);
    } catch (error) {
      report(error);
      return httpError(500, 'Internal error: the token store could not be read');
    }
    if (identity === null)
      return httpError(401, 'Unauthorized: unknown or revoked token', { 'www-authenticate': 'Bearer realm="xcap", error="invalid_token"' });
    return identity;
  };
}
