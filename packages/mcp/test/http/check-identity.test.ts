import { MemoryTokenStore, type TokenStore } from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import { checkIdentity } from '../../src/http/check-identity.js';
import type { OAuthVerdict } from '../../src/http/create-oauth-verifier.js';

const resource = 'https://x.example/mcp';
const metadata = 'https://x.example/.well-known/oauth-protected-resource/mcp';
/** A JWS compact serialization's shape (three base64url parts); the fake verifier below never decodes it. */
const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln';
const identity = { clientId: 'oauth:agent', subject: 'agent', issuer: 'https://as.example', scopes: ['xcap:call'] };

async function setup(verdict: OAuthVerdict | Error = { ok: true, identity }, only?: boolean, store?: TokenStore) {
  const tokens = new MemoryTokenStore();
  await tokens.add('alice', 'alice-secret-token');
  await tokens.add('dotted', 'v2.alice.secret.token');
  await tokens.add('bang', '!x.y.z');
  const seen: string[] = [];
  const reported: unknown[] = [];
  const verify = (token: string): Promise<OAuthVerdict> => {
    seen.push(token);
    return verdict instanceof Error ? Promise.reject(verdict) : Promise.resolve(verdict);
  };
  const check = checkIdentity(
    store ?? tokens,
    { options: { issuers: [identity.issuer], resource, scopes: ['xcap:call'], ...(only === undefined ? {} : { only }) }, verify: Promise.resolve(verify) },
    (error) => reported.push(error),
  );
  const ask = (authorization?: string) => check(new Request(resource, { method: 'POST', headers: authorization === undefined ? {} : { authorization } }));
  return { ask, seen, reported };
}

/** The status, `WWW-Authenticate`, `Retry-After` and JSON-RPC error message of a refusal. */
async function refusal(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  const body = (await response.json()) as { error: { message: string } };
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    retryAfter: response.headers.get('retry-after'),
    message: body.error.message,
  };
}

describe('checkIdentity', () => {
  it('without OAuth: the static tokens, as token:<name>', async () => {
    const tokens = new MemoryTokenStore();
    await tokens.add('alice', 'alice-secret-token');
    const check = checkIdentity(tokens, undefined, () => undefined);
    const request = new Request(resource, { headers: { authorization: 'Bearer alice-secret-token' } });
    expect(await check(request)).toEqual({ client: 'token:alice', token: { name: 'alice' } });
  });

  it('no bearer token, or one not alone in the header: 401 naming the metadata and scopes, without an error', async () => {
    const { ask, seen } = await setup();
    for (const authorization of [undefined, '', 'Basic YTpi', 'NotBearer alice-secret-token', 'Bearer alice-secret-token extra', 'Bearer ']) {
      expect({ authorization, ...(await refusal(await ask(authorization))) }).toEqual({
        authorization,
        status: 401,
        challenge: `Bearer realm="xcap", resource_metadata="${metadata}", scope="xcap:call"`,
        retryAfter: null,
        message: `Unauthorized: send Authorization: Bearer <access token> (see ${metadata})`,
      });
    }
    expect(seen).toEqual([]);
  });

  it('a static token with any casing and spacing of Bearer, and static tokens with dots but not JWT-shaped, are the static tokens', async () => {
    const { ask, seen } = await setup();
    for (const [authorization, client] of [
      ['bearer alice-secret-token', 'token:alice'],
      ['BEARER   alice-secret-token  ', 'token:alice'],
      ['Bearer v2.alice.secret.token', 'token:dotted'],
      ['Bearer !x.y.z', 'token:bang'],
    ] as const) {
      expect({ authorization, answer: await ask(authorization) }).toEqual({ authorization, answer: { client, token: { name: client.slice(6) } } });
    }
    expect(seen).toEqual([]);
  });

  it('an unknown static token: 401 invalid_token naming the metadata; with only: every static token refused', async () => {
    const both = await setup();
    expect(await refusal(await both.ask('Bearer wrong-token'))).toEqual({
      status: 401,
      challenge: `Bearer realm="xcap", resource_metadata="${metadata}", error="invalid_token", scope="xcap:call"`,
      retryAfter: null,
      message: 'Unauthorized: unknown or revoked token',
    });
    const only = await setup(undefined, true);
    expect(await refusal(await only.ask('Bearer alice-secret-token'))).toEqual({
      status: 401,
      challenge: `Bearer realm="xcap", resource_metadata="${metadata}", error="invalid_token", scope="xcap:call"`,
      retryAfter: null,
      message: 'Unauthorized: this server admits only OAuth access tokens',
    });
  });

  it('a token store that fails: its 500 passes through, reported (not a 401)', async () => {
    const failing: TokenStore = { verify: () => Promise.reject(new Error('disk gone')) };
    const { ask, reported } = await setup(undefined, undefined, failing);
    expect(await refusal(await ask('Bearer alice-secret-token'))).toMatchObject({ status: 500, challenge: null });
    expect(reported).toEqual([new Error('disk gone')]);
  });

  it('a JWT-shaped token goes to the OAuth check, and its verdict answers: the identity, 401, 403 or 503', async () => {
    const ok = await setup();
    expect(await ok.ask(`Bearer ${jwt}`)).toEqual({ client: 'oauth:agent', oauth: identity });
    expect(ok.seen).toEqual([jwt]);
    const invalid = await setup({ ok: false, error: 'invalid_token', reason: 'aud is wrong' });
    expect(await refusal(await invalid.ask(`Bearer ${jwt}`))).toEqual({
      status: 401,
      challenge: `Bearer realm="xcap", resource_metadata="${metadata}", error="invalid_token", scope="xcap:call"`,
      retryAfter: null,
      message: 'Unauthorized: aud is wrong',
    });
    const scope = await setup({ ok: false, error: 'insufficient_scope', reason: 'lacks xcap:call' });
    expect(await refusal(await scope.ask(`Bearer ${jwt}`))).toEqual({
      status: 403,
      challenge: `Bearer realm="xcap", resource_metadata="${metadata}", error="insufficient_scope", scope="xcap:call"`,
      retryAfter: null,
      message: 'Forbidden: lacks xcap:call',
    });
    const down = await setup({ ok: false, error: 'unavailable', reason: 'JWKS unreachable' });
    expect(await refusal(await down.ask(`Bearer ${jwt}`))).toEqual({
      status: 503,
      challenge: null,
      retryAfter: '5',
      message: 'Service unavailable: the authorization server could not be reached; retry',
    });
    expect(down.reported).toEqual([new Error('JWKS unreachable')]);
  });

  it('a verifier that throws: 500, reported', async () => {
    const { ask, reported } = await setup(new Error('jose failed to load'));
    expect(await refusal(await ask(`Bearer ${jwt}`))).toEqual({
      status: 500,
      challenge: null,
      retryAfter: null,
      message: 'Internal error: the access token could not be checked',
    });
    expect(reported).toEqual([new Error('jose failed to load')]);
  });
});
