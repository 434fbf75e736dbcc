import { createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How `startAuthorizationServer` sets its authorization server up. */
export interface AuthorizationServerOptions {
  /** The scopes a resource server's tokens may carry (default `['xcap:call']`). */
  readonly scopes?: readonly string[];
  /** Serve RFC 8414 `/.well-known/oauth-authorization-server` besides OpenID discovery (default true, as oidc-provider 9 does; false answers it 404, as an OpenID-only server would). */
  readonly rfc8414?: boolean;
  /** Access-token lifetime in seconds (default 300). */
  readonly accessTokenTtlSeconds?: number;
}

/** A running authorization server (oidc-provider on 127.0.0.1) issuing RFC 9068 JWT access tokens by the client credentials grant. */
export interface AuthorizationServer {
  /** Its issuer identifier, `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  /** The one confidential client (`client_secret_basic`, client credentials only). */
  readonly client: { readonly id: string; readonly secret: string };
  /** Requests of the issuer's metadata documents so far, by path (`/.well-known/oauth-authorization-server`, `/.well-known/openid-configuration`). */
  readonly discoveries: () => readonly string[];
  /** Every request's path so far (`/jwks`, `/token`, …). */
  readonly requests: () => readonly string[];
  /** A JWT access token for `resource` (RFC 8707) from the token endpoint, with `scope` asked (default: none). */
  token(resource: string, scope?: string): Promise<string>;
  /**
   * A JWS of `claims` signed with its current ES256 key (or, with `alg:
   * 'ES384'` in `header`, its published P-384 key), `header` over `{ alg,
   * typ: 'at+jwt', kid }`: for tokens the token endpoint would never issue
   * (a wrong `typ` or algorithm, an expired or oversized one).
   */
  sign(claims: Record<string, unknown>, header?: Record<string, unknown>): string;
  /** Puts a new signing key first in the JWKS (the old one stays published), as a key rotation does; tokens after it are signed by the new key. */
  rotateKey(): void;
  /** Stops it. */
  close(): Promise<void>;
}

type SigningKey = Record<string, unknown>;

/** The little of oidc-provider used here (it ships no types, and @types/oidc-provider is not installed). */
interface ProviderModule {
  readonly default: new (
    issuer: string,
    configuration: Record<string, unknown>,
  ) => { callback(): (request: IncomingMessage, response: ServerResponse) => void };
}
/** Imported by a name in a variable, so the compiler does not look for the types it lacks. */
const oidcProvider = 'oidc-provider';

/** A new private JWK with a fresh `kid`: P-256 for ES256 (the tokens' algorithm), P-384 for ES384 (published, never used by the server). */
function newSigningKey(alg: 'ES256' | 'ES384' = 'ES256'): SigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: alg === 'ES256' ? 'P-256' : 'P-384' });
  return { ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: randomUUID(), alg, use: 'sig' };
}

/**
 * Starts a real authorization server for the OAuth tests: panva's
 * `oidc-provider` on 127.0.0.1 (port 0) with the client credentials grant
 * and resource indicators on, issuing JWT access tokens (ES256) whose
 * audience is the resource asked for, and one confidential client (it
 * serves both RFC 8414 and OpenID discovery, or OpenID only). A key
 * rotation builds a fresh provider with the new key first and the old key
 * kept (its state is not needed: client credentials keep none).
 */
export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  const { default: Provider } = (await import(oidcProvider)) as ProviderModule;
  const scopes = options.scopes ?? ['xcap:call'];
  const client = { id: 'xcap-agent', secret: `secret-${randomUUID()}` };
  const requests: string[] = [];
  const keys: SigningKey[] = [newSigningKey(), newSigningKey('ES384')];
  let callback: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/.well-known/oauth-authorization-server' && options.rfc8414 === false) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
      return;
    }
    (callback as (request: IncomingMessage, response: ServerResponse) => void)(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const build = () => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: client.id,
          client_secret: client.secret,
          grant_types: ['client_credentials'],
          redirect_uris: [],
          response_types: [],
          id_token_signed_response_alg: 'ES256',
          scope: scopes.join(' '),
        },
      ],
      jwks: { keys: keys.map((key) => ({ ...key })) },
      scopes: [...scopes],
      ttl: { ClientCredentials: options.accessTokenTtlSeconds ?? 300 },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf ?? '',
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => ({
            audience: resource,
            scope: scopes.join(' '),
            accessTokenFormat: 'jwt',
            accessTokenTTL: options.accessTokenTtlSeconds ?? 300,
            jwt: { sign: { alg: 'ES256' } },
          }),
        },
      },
    });
    callback = provider.callback();
  };
  build();
  return {
    issuer,
    client,
    discoveries: () => requests.filter((path) => path.startsWith('/.well-known/')),
    requests: () => [...requests],
    token: async (resource, scope) => {
      const body = new URLSearchParams({ grant_type: 'client_credentials', resource });
      if (scope !== undefined) body.set('scope', scope);
      const answer = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}` },
        body,
      });
      const json = (await answer.json()) as { access_token?: string };
      if (answer.status !== 200 || json.access_token === undefined) throw new Error(`token endpoint: ${answer.status} ${JSON.stringify(json)}`);
      return json.access_token;
    },
    sign: (claims, header = {}) => {
      const alg = header['alg'] === 'ES384' ? 'ES384' : 'ES256';
      const key = keys.find((each) => each['alg'] === alg) as SigningKey;
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${part({ alg, typ: 'at+jwt', kid: key['kid'], ...header })}.${part(claims)}`;
      const digest = alg === 'ES256' ? 'sha256' : 'sha384';
      const signature = sign(digest, Buffer.from(input), { key: createPrivateKey({ key: key, format: 'jwk' }), dsaEncoding: 'ieee-p1363' });
      return `${input}.${signature.toString('base64url')}`;
    },
    rotateKey: () => {
      keys.unshift(newSigningKey());
      build();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
