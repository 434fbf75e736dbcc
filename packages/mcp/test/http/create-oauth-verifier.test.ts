import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOAuthVerifier, type OAuthVerdict } from '../../src/http/create-oauth-verifier.js';
import type { OAuthOptions } from '../../src/http/oauth-options.js';
import { jsonRoute } from './json-route.js';
import { startRouteServer, type RouteServer } from './start-route-server.js';

const resource = 'https://x.example/mcp';
const start = 1_900_000_000;
const algs = ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519', 'ES384'] as const;
type Alg = (typeof algs)[number];

let issuer: RouteServer;
const keys = new Map<Alg, CryptoKey>();
beforeAll(async () => {
  const published: Record<string, unknown>[] = [];
  for (const alg of algs) {
    const pair = await generateKeyPair(alg === 'EdDSA' ? 'Ed25519' : alg, { extractable: true });
    keys.set(alg, pair.privateKey);
    published.push({ ...(await exportJWK(pair.publicKey)), kid: alg, alg, use: 'sig' });
  }
  issuer = await startRouteServer({ '/jwks': jsonRoute({ keys: published }) });
  issuer.routes.set('/.well-known/oauth-authorization-server', jsonRoute({ issuer: issuer.origin, jwks_uri: `${issuer.origin}/jwks` }));
});
afterAll(() => issuer.close());

/** `claims` over a valid access token's (issuer, audience, client, 5 minutes from `start`), signed by the issuer's `alg` key. */
function sign(claims: JWTPayload = {}, header: { alg?: Alg; typ?: string | undefined; kid?: string; x?: string } = {}): Promise<string> {
  const alg = header.alg ?? 'ES256';
  const payload = { iss: issuer.origin, aud: resource, client_id: 'agent', sub: 'user', iat: start, exp: start + 300, ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg, kid: alg, ...('typ' in header ? (header.typ === undefined ? {} : { typ: header.typ }) : { typ: 'at+jwt' }), ...header })
    .sign(keys.get(alg) as CryptoKey);
}

/** A verifier trusting the issuer for `resource` at `clock` seconds (changeable). */
function verifier(options: Partial<OAuthOptions> = {}) {
  const clock = { seconds: start };
  const verify = createOAuthVerifier({ issuers: [issuer.origin], resource, ...options }, () => clock.seconds * 1000);
  return { verify, clock };
}

const refused = (reason: string | RegExp, error: 'invalid_token' | 'insufficient_scope' | 'unavailable' = 'invalid_token') => ({
  ok: false,
  error,
  reason: typeof reason === 'string' ? reason : expect.stringMatching(reason),
});

describe('createOAuthVerifier', () => {
  it('admits a token signed with each accepted algorithm, naming client, subject, issuer and scopes', async () => {
    const { verify } = verifier();
    for (const alg of ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'] as const) {
      expect({ alg, verdict: await verify(await sign({ scope: 'a b' }, { alg })) }).toEqual({
        alg,
        verdict: { ok: true, identity: { clientId: `oauth:agent@${issuer.origin}`, subject: 'user', issuer: issuer.origin, scopes: ['a', 'b'] } },
      });
    }
  });

  it('refuses another algorithm (ES384, a published key) and HS256 before any signature check, listing the accepted ones', async () => {
    const { verify } = verifier();
    expect(await verify(await sign({}, { alg: 'ES384' }))).toEqual(refused('alg "ES384" is not accepted (RS256, PS256, ES256, EdDSA, Ed25519)'));
    const hs = await new SignJWT({ iss: issuer.origin }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(new TextEncoder().encode('k'.repeat(32)));
    expect(await verify(hs)).toEqual(refused(/^alg "HS256" is not accepted/));
  });

  it('admits typ at+jwt, application/at+jwt and JWT in any case; refuses none, JOSE, a doubled or misplaced application/', async () => {
    const { verify } = verifier();
    for (const typ of ['at+jwt', 'application/at+jwt', 'AT+JWT', 'JWT', 'jwt'])
      expect({ typ, ok: (await verify(await sign({}, { typ }))).ok }).toEqual({ typ, ok: true });
    for (const typ of [undefined, 'JOSE', 'application/application/at+jwt', 'at+jwtapplication/', 'x-application/at+jwt'])
      expect({ typ, verdict: await verify(await sign({}, { typ })) }).toEqual({ typ, verdict: refused(`typ ${JSON.stringify(typ)} is not at+jwt or JWT`) });
  });

  it('refuses a token over 16 KiB unread, and admits one of exactly 16 KiB', async () => {
    const { verify } = verifier();
    // A base64url part never has a length of 4k + 1, so the padding goes partly into the header (`x`) to reach the length exactly.
    let exact = '';
    const base = (await sign({ pad: '' })).length;
    for (let extra = 0; extra < 4 && exact.length !== 16 * 1024; extra++) {
      let token = '';
      for (let pad = Math.floor(((16 * 1024 - base) * 3) / 4) - 8; token.length < 16 * 1024; pad++)
        token = await sign({ pad: 'x'.repeat(pad) }, { x: 'y'.repeat(extra) });
      exact = token;
    }
    expect(exact).toHaveLength(16 * 1024);
    expect((await verify(exact)).ok).toBe(true);
    expect(await verify(await sign({ pad: 'x'.repeat(16 * 1024) }))).toEqual(refused('the token is longer than 16384 characters'));
  });

  it('refuses what is not a JWT, and an issuer not trusted (none, another, not a string)', async () => {
    const { verify } = verifier();
    expect(await verify('abc.def.ghi')).toEqual(refused('not a JWT access token'));
    // A hostile token may carry an iss of any JSON type (JWTPayload types it as a string).
    for (const iss of [undefined, 'https://other.example', 5] as (string | undefined)[])
      expect({ iss, verdict: await verify(await sign({ iss })) }).toEqual({ iss, verdict: refused(`iss ${JSON.stringify(iss)} is not a trusted issuer`) });
  });

  it('aud: a string or an array containing the resource; another resource refused by name', async () => {
    const { verify } = verifier();
    expect((await verify(await sign({ aud: [resource, 'https://y.example'] }))).ok).toBe(true);
    for (const aud of ['https://other.example/mcp', ['https://other.example/mcp']])
      expect(await verify(await sign({ aud }))).toEqual(refused(`the token is not for this resource (aud must contain ${resource})`));
  });

  it('exp and nbf within the skew (capped at 60 s) admitted, beyond it refused with the claim named', async () => {
    const loose = verifier({ clockSkewSeconds: 600 });
    const strict = verifier({ clockSkewSeconds: 10 });
    const expired = await sign({ exp: start - 30 });
    expect((await loose.verify(expired)).ok).toBe(true);
    expect(await strict.verify(expired)).toEqual(refused(/"exp" claim timestamp check failed/));
    expect(await loose.verify(await sign({ exp: start - 61 }))).toEqual(refused(/"exp" claim timestamp check failed/));
    expect((await loose.verify(await sign({ nbf: start + 60 }))).ok).toBe(true);
    expect(await loose.verify(await sign({ nbf: start + 61 }))).toEqual(refused(/"nbf" claim timestamp check failed/));
  });

  it('a kid the issuer does not publish: refused as such', async () => {
    const { verify } = verifier({ jwksCooldownMs: 60_000 });
    expect(await verify(await sign({}, { kid: 'gone' }))).toEqual(refused(`signed by a key issuer ${issuer.origin} does not publish`));
  });

  it('scopes from scope (extra spaces dropped), else scp as an array (non-strings dropped) or a string; the required ones checked', async () => {
    const { verify } = verifier({ scopes: ['a', 'b'] });
    const scopesOf = async (claims: JWTPayload) => {
      const verdict = await verify(await sign(claims));
      return verdict.ok ? verdict.identity.scopes : verdict;
    };
    expect(await scopesOf({ scope: ' a  b ' })).toEqual(['a', 'b']);
    expect(await scopesOf({ scp: ['a', 5, 'b'] })).toEqual(['a', 'b']);
    expect(await scopesOf({ scp: 'b a' })).toEqual(['b', 'a']);
    expect(await scopesOf({ scope: 'b', scp: ['a', 'b'] })).toEqual(refused('the token lacks the scope(s) a', 'insufficient_scope'));
    expect(await scopesOf({ scp: { a: true } })).toEqual(refused('the token lacks the scope(s) a b', 'insufficient_scope'));
    expect(await scopesOf({})).toEqual(refused('the token lacks the scope(s) a b', 'insufficient_scope'));
    expect(((await verifier().verify(await sign())) as Extract<OAuthVerdict, { ok: true }>).identity.scopes).toEqual([]);
  });

  it('the client is the first non-empty string of client_id, azp, sub; none refused', async () => {
    const { verify } = verifier();
    const identityOf = async (claims: JWTPayload) => {
      const verdict = await verify(await sign({ client_id: undefined, sub: undefined, ...claims }));
      return verdict.ok ? [verdict.identity.clientId, verdict.identity.subject] : verdict;
    };
    expect(await identityOf({ client_id: 'c', azp: 'a', sub: 's' })).toEqual([`oauth:c@${issuer.origin}`, 's']);
    expect(await identityOf({ client_id: '', azp: 'a', sub: 's' })).toEqual([`oauth:a@${issuer.origin}`, 's']);
    expect(await identityOf({ client_id: 5, sub: 's' })).toEqual([`oauth:s@${issuer.origin}`, 's']);
    expect(await identityOf({ azp: 'a' })).toEqual([`oauth:a@${issuer.origin}`, undefined]);
    expect(await identityOf({ client_id: '', sub: '' })).toEqual(refused('the token names no client_id, azp or sub'));
  });

  it('an issuer whose metadata cannot be read: unavailable, not tried again for 5 s, then tried again', async () => {
    const down = await startRouteServer();
    try {
      const { verify, clock } = verifier({ issuers: [down.origin] });
      const token = await sign({ iss: down.origin });
      expect(await verify(token)).toEqual(
        refused(
          `the metadata of issuer ${down.origin} could not be discovered: ` +
            `GET ${down.origin}/.well-known/oauth-authorization-server: HTTP 404; GET ${down.origin}/.well-known/openid-configuration: HTTP 404`,
          'unavailable',
        ),
      );
      const tried = down.paths.length;
      clock.seconds += 4.999;
      expect(await verify(token)).toEqual(refused(`the metadata of issuer ${down.origin} could not be discovered`, 'unavailable'));
      expect(down.paths).toHaveLength(tried);
      clock.seconds += 0.001;
      expect((await verify(token)).ok).toBe(false);
      expect(down.paths).toHaveLength(2 * tried);
    } finally {
      await down.close();
    }
  });

  it("33/9: two issuers' clients of the same client_id get two audit identities, each naming its issuer", async () => {
    const other = await startRouteServer({ '/tenant-b/jwks': (_request, response) => void issuer.routes.get('/jwks')?.(_request, response) });
    try {
      other.routes.set(
        '/.well-known/oauth-authorization-server/tenant-b',
        jsonRoute({ issuer: `${other.origin}/tenant-b`, jwks_uri: `${other.origin}/tenant-b/jwks` }),
      );
      const second = `${other.origin}/tenant-b`;
      const { verify } = verifier({ issuers: [issuer.origin, second] });
      const first = await verify(await sign({ client_id: 'xcap-agent' }));
      const again = await verify(await sign({ client_id: 'xcap-agent', iss: second }));
      expect([first, again].map((verdict) => (verdict.ok ? verdict.identity.clientId : verdict))).toEqual([
        `oauth:xcap-agent@${issuer.origin}`,
        `oauth:xcap-agent@${second}`,
      ]);
    } finally {
      await other.close();
    }
  });

  it('33/8: while the JWKS fails, 200 tokens make one fetch (unavailable each); after the cooldown one more, then none again', async () => {
    const broken = await startRouteServer({ '/jwks': (_request, response) => response.writeHead(500).end() });
    try {
      broken.routes.set('/.well-known/oauth-authorization-server', jsonRoute({ issuer: broken.origin, jwks_uri: `${broken.origin}/jwks` }));
      const { verify, clock } = verifier({ issuers: [broken.origin], jwksCooldownMs: 30_000 });
      const tokens = await Promise.all(Array.from({ length: 200 }, (_, index) => sign({ iss: broken.origin }, { kid: `forged-${index}` })));
      const fetches = () => broken.paths.filter((path) => path === '/jwks').length;
      const concurrent = await Promise.all(tokens.slice(0, 100).map((token) => verify(token)));
      for (const token of tokens.slice(100)) concurrent.push(await verify(token));
      expect(new Set(concurrent.map((verdict) => (verdict.ok ? 'ok' : verdict.error)))).toEqual(new Set(['unavailable']));
      expect(concurrent.at(-1)).toEqual(
        refused(`the JWKS of issuer ${broken.origin} could not be fetched 0 s ago; not tried again before 30 s`, 'unavailable'),
      );
      expect(fetches()).toBe(1);
      clock.seconds += 29.999;
      expect((await verify(tokens[0] as string)).ok).toBe(false);
      expect(fetches()).toBe(1);
      clock.seconds += 0.001;
      await Promise.all(tokens.map((token) => verify(token)));
      expect(fetches()).toBe(2);
      broken.routes.set('/jwks', (request, response) => void issuer.routes.get('/jwks')?.(request, response));
      clock.seconds += 30;
      expect((await verify(await sign({ iss: broken.origin }))).ok).toBe(true);
      expect(fetches()).toBe(3);
    } finally {
      await broken.close();
    }
  });

  it('33/8: while a JWKS fetched before fails, its keys still judge (while fresh) without a fetch; stale, unavailable', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const flaky = await startRouteServer({ '/jwks': (request, response) => void issuer.routes.get('/jwks')?.(request, response) });
    try {
      flaky.routes.set('/.well-known/oauth-authorization-server', jsonRoute({ issuer: flaky.origin, jwks_uri: `${flaky.origin}/jwks` }));
      const { verify, clock } = verifier({ issuers: [flaky.origin] });
      const fetches = () => flaky.paths.filter((path) => path === '/jwks').length;
      expect((await verify(await sign({ iss: flaky.origin }))).ok).toBe(true);
      flaky.routes.set('/jwks', (_request, response) => response.writeHead(500).end());
      // Past jose's own cooldown (on Date), an unknown kid fetches again: that fetch fails.
      vi.setSystemTime(Date.now() + 31_000);
      expect(await verify(await sign({ iss: flaky.origin }, { kid: 'new' }))).toMatchObject({ ok: false, error: 'unavailable' });
      expect(fetches()).toBe(2);
      clock.seconds += 10;
      expect((await verify(await sign({ iss: flaky.origin }))).ok).toBe(true);
      expect(await verify(await sign({ iss: flaky.origin }, { kid: 'newer' }))).toEqual(refused(`signed by a key issuer ${flaky.origin} does not publish`));
      expect(fetches()).toBe(2);
      // The keys are no longer fresh (jose's 10 minutes): within the failure cooldown nothing judges, and nothing is fetched.
      vi.setSystemTime(Date.now() + 600_000);
      expect(await verify(await sign({ iss: flaky.origin }))).toEqual(
        refused(`the JWKS of issuer ${flaky.origin} could not be fetched 10 s ago; not tried again before 30 s`, 'unavailable'),
      );
      expect(fetches()).toBe(2);
    } finally {
      vi.useRealTimers();
      await flaky.close();
    }
  });

  it('a JWKS that cannot be fetched: unavailable, naming the issuer', async () => {
    const broken = await startRouteServer({ '/jwks': (_request, response) => response.writeHead(500).end() });
    try {
      broken.routes.set('/.well-known/oauth-authorization-server', jsonRoute({ issuer: broken.origin, jwks_uri: `${broken.origin}/jwks` }));
      const { verify } = verifier({ issuers: [broken.origin] });
      expect(await verify(await sign({ iss: broken.origin }))).toEqual(
        refused(`the JWKS of issuer ${broken.origin} could not be fetched: GET ${broken.origin}/jwks: HTTP 500`, 'unavailable'),
      );
    } finally {
      await broken.close();
    }
  });
});
