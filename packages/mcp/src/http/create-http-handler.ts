import { createMcpHandler, type AuthInfo, type McpServer, type Server } from '@modelcontextprotocol/server';
import { httpVia } from '../agent-label.js';
import { LastClientInfo, type ClientInfo } from './last-client-info.js';
import type { RefusalAudit } from '../refusal-audit.js';
import { RefusedCallWatch, type RefusedToolsCall } from '../refused-call-watch.js';
import { answerAfterRow, toolsCallsIn } from './answer-after-row.js';
import type { ReceivedToolsCall } from '../tools-call-requests.js';
import { checkIdentity, type OAuthCheck, type RequestIdentity } from './check-identity.js';
import { checkHost } from './check-host.js';
import { checkOrigin } from './check-origin.js';
import { corsAnswers } from './cors-answers.js';
import { FairGate } from './fair-gate.js';
import { httpError } from './http-answers.js';
import type { OAuthIdentity } from './oauth-identity.js';
import type { OAuthOptions } from './oauth-options.js';
import { oauthUrlProblem } from './oauth-url-problem.js';
import { protectedResourceMetadata } from './protected-resource-metadata.js';
import { declaredTooLarge, readLimitedBody } from './read-limited-body.js';
import { CancellableCalls, cancelledRequestIds } from './cancellable-calls.js';
import { resourceMetadataUrl } from './resource-metadata-url.js';
import type { TokenIdentity, TokenStore } from '@xcap/tokens';
import { isObject, realTimers, type Timers } from '@xcap/wire';

/** What the server factory of `createHttpHandler` is told about the request it serves. */
export interface HttpServerContext {
  /** The protocol era of the request: `modern` (2026-07-28) or `legacy` (2025-11-25, stateless). */
  readonly era: 'legacy' | 'modern';
  /** Whose static token made the request (absent for an OAuth access token). */
  readonly token?: TokenIdentity;
  /** The verified claims of the OAuth access token that made the request (absent for a static token). */
  readonly oauth?: OAuthIdentity;
  /** The audit `client` of its calls: `token:<name>`, or `oauth:<client>@<issuer>` for an OAuth access token. */
  readonly client: string;
  /** How the agent reached the host, for the person: `token <name>`, or `OAuth client <client> at <issuer host>`; hand it to `mountCallPath` (`via`). */
  readonly via: string;
  /**
   * For a 2025-era (stateless) request: the `clientInfo` of the last
   * `initialize` this token sent (its server never saw the handshake);
   * hand it to `mountCallPath` (`clientInfo`). Absent for modern requests
   * (they carry their own) and before any `initialize`.
   */
  readonly clientInfo?: ClientInfo;
  /** Hand it to `mountCallPath` (`refusals`), so a tools/call request the MCP SDK refuses before the handler runs still gets its row. */
  readonly refusals: RefusalAudit;
}

/** Options of `createHttpHandler`. */
export interface HttpHandlerOptions {
  /** Makes the MCP server that answers one request (the SDK calls it once per request); mount the call path on it with the request's `client` and `refusals`. */
  readonly server: (context: HttpServerContext) => Server | McpServer | Promise<Server | McpServer>;
  /** Where static bearer tokens are verified (asked on every request). */
  readonly tokens: TokenStore;
  /**
   * Makes the endpoint an OAuth 2.1 resource server (MCP authorization):
   * it serves its Protected Resource Metadata (RFC 9728) and admits JWT
   * access tokens of the issuers named, beside static tokens unless
   * `oauth.only`. Without it, static tokens only (and jose is never loaded).
   */
  readonly oauth?: OAuthOptions;
  /**
   * The `Host` header values served: `host:port` (exactly that port; a header
   * without a port means port 80) or a bare `host` (any port), compared
   * without case; IPv6 in brackets. Build it from the bound address
   * (`loopbackHosts(port)` for a loopback bind). Any other `Host` gets 403.
   */
  readonly allowedHosts: readonly string[];
  /** Origin host names served besides loopback ones (`localhost`, 127.0.0.0/8, `[::1]`); a present `Origin` not among them gets 403. Default none. */
  readonly allowedOrigins?: readonly string[];
  /** The endpoint's path (default `/mcp`); any other path gets 404. */
  readonly path?: string;
  /** The largest request body in bytes (default 4 MiB); a larger one gets 413, counted as it is read. */
  readonly maxBodyBytes?: number;
  /** Requests in flight at once over every token (default 32). */
  readonly maxInFlight?: number;
  /** Requests of one token in flight at once (default 8); more wait their turn, tokens served in turn. */
  readonly maxInFlightPerToken?: number;
  /** Requests of one token waiting for a slot (default 256); one more gets 503. */
  readonly maxQueuedPerToken?: number;
  /** How long a request waits for a slot before it gets 503, in milliseconds (default 30,000). */
  readonly maxQueueWaitMs?: number;
  /** The timers a request's wait for a slot runs on (default `realTimers`). */
  readonly timers?: Timers;
  /** Told about failures the client only sees as a 500 (a broken token store, a factory that threw) and the SDK's own errors. */
  readonly onerror?: (error: Error) => void;
}

/** What the caller of `XcapHttpHandler.fetch` is told about one request (e.g. a Node listener about the connection it came on). */
export interface HttpRequestContext {
  /** Called once the request passed the bearer check (before it waits for a slot): the connection it came on carries a token. */
  readonly authenticated?: () => void;
}

/** A locked Streamable HTTP endpoint: a web-standard `fetch` (mount it on `node:http` or any fetch runtime). */
export interface XcapHttpHandler {
  /** Answers one HTTP request. Never throws: every failure is an HTTP answer. `context` hears whether it passed the bearer check. */
  fetch(request: Request, context?: HttpRequestContext): Promise<Response>;
  /** Requests holding a slot now. */
  readonly inFlight: number;
  /** Aborts modern exchanges in flight and refuses new requests (503). */
  close(): Promise<void>;
}

/** The default `maxBodyBytes`: 4 MiB. */
export const defaultMaxBodyBytes = 4 * 1024 * 1024;

/**
 * Serves MCP over Streamable HTTP, both eras (2026-07-28 and the stateless
 * 2025-11-25 one, through the SDK's `createMcpHandler`), behind these locks,
 * checked in this order before any server is made:
 *
 * 1. `Host` not in `allowedHosts` → 403 (DNS rebinding; the SDK's helpers
 *    answer 403 too).
 * 2. `Origin` present and not a loopback origin (or `allowedOrigins`) → 403,
 *    as the MCP transport spec requires.
 * 3. A CORS preflight (`OPTIONS` of `path` with an allowed `Origin`) → 204
 *    with the `Access-Control-Allow-*` headers, no token asked (it is not a
 *    call: no row). Every other answer to an allowed `Origin` carries
 *    `Access-Control-Allow-Origin` and `-Expose-Headers`.
 * 4. With `oauth`: `GET` of `/.well-known/oauth-protected-resource` followed
 *    by the resource's path, or without it → the Protected Resource
 *    Metadata (RFC 9728), no token asked, cacheable.
 * 5. A path other than `path` → 404.
 * 6. No `Authorization: Bearer <token>`, or a token `tokens` does not know →
 *    401 with `WWW-Authenticate: Bearer` (`error="invalid_token"` for a
 *    wrong or revoked one; with `oauth`, `resource_metadata="…"` too). With
 *    `oauth`, a JWT is checked as an access token (`OAuthOptions`): refused
 *    → 401 `invalid_token`, a required scope missing → 403
 *    `insufficient_scope`. Passed: `context.authenticated()`.
 * 7. `Content-Length` over `maxBodyBytes` → 413.
 * 8. A fair slot (`FairGate`, keyed by the audit client); none within the wait or
 *    the token's queue full → 503 with `Retry-After: 1`. A request that
 *    waited has its token checked again when it gets the slot: revoked
 *    meanwhile → 401 `invalid_token`, a tools/call with its row (as a
 *    request the SDK refuses gets one).
 * 9. The body, counted while read: over `maxBodyBytes` → 413.
 *
 * The server factory gets the token's name (or the OAuth claims), the
 * audit client `token:<name>` (or `oauth:<client>@<issuer>`) and, for the person,
 * `via` (`token <name>`, `OAuth client <client> at <issuer host>`). A slot is held until the response body is fully sent (an
 * SSE answer) or the client goes away.
 *
 * A tools/call request the SDK answers itself without running the call
 * path's handler (a 2026-07-28 request whose `_meta` envelope is missing or
 * invalid, headers its body disagrees with, a body the JSON-RPC schemas
 * refuse) still gets its one row, through the call path `mountCallPath`
 * mounted on the request's server (`CallRequest.refused`); when the SDK
 * refused it before making a server, the factory is asked for one (never
 * connected) to learn that call path. The factory hands the context's
 * `refusals` to `mountCallPath`, which reports its call path there. The
 * method is read after JSON decoding (`tools\/call` is `tools/call`), and a
 * refused batch (a JSON array) gets one row per tools/call it holds. The
 * SDK's answer goes out unchanged once the rows' writes settled; when a row
 * could not be committed it fails closed as any call does: HTTP 200 with the
 * result `unavailable: auditFailed` (a refused batch: its error with that
 * message). A factory that mounts no call path, or does not pass `refusals`
 * on, leaves such a request without a row, reported to `onerror` (the SDK's
 * answer goes out as it is).
 *
 * Bad options throw a `RangeError` at once: with `oauth`, each issuer and the
 * resource must follow `oauthUrlRule` (https, or http on loopback only).
 */
export function createHttpHandler(options: HttpHandlerOptions): XcapHttpHandler {
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new RangeError(`createHttpHandler: maxBodyBytes must be a positive integer, got ${String(maxBodyBytes)}`);
  const hostRefusal = checkHost(options.allowedHosts);
  const originRefusal = checkOrigin(options.allowedOrigins);
  const gate = new FairGate({
    maxInFlight: options.maxInFlight ?? 32,
    maxInFlightPerKey: options.maxInFlightPerToken ?? 8,
    maxQueuedPerKey: options.maxQueuedPerToken ?? 256,
    maxWaitMs: options.maxQueueWaitMs ?? 30_000,
    ...(options.timers === undefined ? {} : { timers: options.timers }),
  });
  const report = (error: unknown) => {
    try {
      options.onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A reporter that throws must not turn an answer into a crash.
    }
  };
  const oauth = options.oauth === undefined ? undefined : oauthCheck(options.oauth, options.timers ?? realTimers);
  const bearer = checkIdentity(options.tokens, oauth, report);
  const metadata = options.oauth === undefined ? undefined : metadataRoute(options.oauth);
  const cancellable = new CancellableCalls();
  const clientInfos = new LastClientInfo();
  const mcp = createMcpHandler(
    async (context) => {
      const identity = context.authInfo === undefined ? undefined : identities.get(context.authInfo);
      if (identity === undefined) throw new Error('createHttpHandler: a request reached the MCP handler without a verified token');
      const watched = context.authInfo === undefined ? undefined : watching.get(context.authInfo);
      const clientInfo = context.era === 'legacy' ? clientInfos.get(identity.client) : undefined;
      return options.server({
        era: context.era,
        ...identity,
        via: httpVia(identity),
        ...(clientInfo === undefined ? {} : { clientInfo }),
        refusals: watched?.refusals ?? unwatched,
      });
    },
    { legacy: 'stateless', maxRequestBodySize: maxBodyBytes, onerror: report },
  );
  let closed = false;
  /** The tools/call requests in flight, by the `authInfo` object each passes to the SDK (the factory hears it back). */
  const watching = new WeakMap<AuthInfo, WatchedCall>();
  /** Who made each request in flight, by the `authInfo` object it passes to the SDK. */
  const identities = new WeakMap<AuthInfo, RequestIdentity>();

  /**
   * The call path to audit a refused request through: the one mounted on the
   * server made for it, else (the SDK refused it before making one) the one
   * the factory mounts on a server made to learn it (never connected).
   */
  const mountFor = async (watched: WatchedCall, request: Request, body: ReceivedToolsCall, identity: RequestIdentity): Promise<RefusalAuditor | undefined> => {
    if (watched.audit !== undefined) return watched.audit;
    let learned: RefusalAuditor | undefined;
    try {
      await options.server({
        era: eraOf(request, body),
        ...identity,
        via: httpVia(identity),
        refusals: { mounted: (audit) => (learned = audit), reached: () => undefined },
      });
    } catch (error) {
      report(error);
      return undefined;
    }
    if (learned === undefined)
      report(
        new Error(
          'createHttpHandler: a tools/call request the MCP SDK refused has no audit row: the server factory mounts no call path (mountCallPath with refusals: context.refusals)',
        ),
      );
    return learned;
  };

  /**
   * A request that waited for its slot, checked again as it gets it: the
   * refusal (401 when its token was revoked meanwhile, after the row of a
   * tools/call was written) or `undefined` (go on).
   */
  const checkedAgain = async (request: Request, identity: RequestIdentity): Promise<Response | undefined> => {
    const again = await bearer(request);
    if (!(again instanceof Response)) return undefined;
    if (again.status !== 401 || request.body === null) return again;
    const body = await readLimitedBody(request.body, maxBodyBytes).catch(() => null);
    const reason = 'Unauthorized: the token was revoked while the request waited for a slot';
    // One row per tools/call the body holds (a batch has several), each written before the 401 goes out.
    for (const call of body === null ? [] : toolsCallsIn(body).calls) {
      const audit = await mountFor({ audit: undefined, refusals: unwatched }, request, call, identity);
      const params = isObject(call.message['params']) ? call.message['params'] : {};
      await audit?.({ id: call.id, name: params['name'], arguments: params['arguments'], reason }).catch(report);
    }
    return again;
  };

  const fetch = async (request: Request, context: HttpRequestContext = {}): Promise<Response> => {
    const refused = hostRefusal(request) ?? originRefusal(request);
    if (refused !== undefined) return refused;
    const origin = request.headers.get('origin');
    if (metadata !== undefined && metadata.paths.has(pathOf(request.url))) {
      const answer = metadata.answer(request);
      return origin === null ? answer : corsAnswers(origin).expose(answer);
    }
    if (origin === null) return serve(request, context);
    const cors = corsAnswers(origin);
    if (request.method === 'OPTIONS' && pathOf(request.url) === path) return cors.preflight();
    return cors.expose(await serve(request, context));
  };

  const serve = async (request: Request, context: HttpRequestContext): Promise<Response> => {
    if (pathOf(request.url) !== path) return httpError(404, `Not found: the MCP endpoint is ${path}`);
    const identity = await bearer(request);
    if (identity instanceof Response) return identity;
    try {
      context.authenticated?.();
    } catch (error) {
      report(error);
    }
    if (declaredTooLarge(request.headers.get('content-length'), maxBodyBytes)) return tooLarge(maxBodyBytes);
    if (closed) return httpError(503, 'Service unavailable: the server is closing');
    const waits = gate.mustWait(identity.client);
    const release = await gate.enter(identity.client, request.signal);
    if (release === null) return httpError(503, 'Service unavailable: too many requests in flight for this token; retry', { 'retry-after': '1' });
    if (waits) {
      const again = await checkedAgain(request, identity).catch((error: unknown) => (report(error), httpError(500, 'Internal error')));
      if (again !== undefined) {
        release();
        return again;
      }
    }
    let answered = release;
    try {
      let body: Uint8Array | null = null;
      if (request.body !== null) {
        body = await readLimitedBody(request.body, maxBodyBytes);
        if (body === null) {
          release();
          return tooLarge(maxBodyBytes);
        }
      }
      const { calls, batch, message } = body === null ? { calls: [], batch: false, message: undefined } : toolsCallsIn(body);
      const [call] = calls;
      // A legacy client's notifications/cancelled aborts its call in flight; a single call can be cancelled so.
      for (const id of cancelledRequestIds(message)) cancellable.cancel(identity.client, id);
      clientInfos.remember(identity.client, message);
      const stop = call !== undefined && !batch ? new AbortController() : undefined;
      const unregister = stop === undefined || call === undefined ? undefined : cancellable.add(identity.client, call.id, stop);
      answered = () => {
        unregister?.();
        release();
      };
      const inner = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        signal: stop === undefined ? request.signal : AbortSignal.any([request.signal, stop.signal]),
        ...(body === null ? {} : { body }),
      });
      // The token itself is never handed on (RFC 8707): the SDK and the server factory get who made the request.
      const authInfo: AuthInfo = { token: '', clientId: identity.client, scopes: [...(identity.oauth?.scopes ?? [])] };
      identities.set(authInfo, identity);
      let watch: RefusedCallWatch | undefined;
      if (call !== undefined) {
        const made = new RefusedCallWatch({
          // Without a mounted call path there is no row to wait for (reported by mountFor): the SDK's answer goes out as it is.
          audit: async (refused) => {
            const audit = await mountFor(watched, request, call, identity);
            return audit === undefined ? true : audit(refused);
          },
          onerror: report,
        });
        const watched: WatchedCall = {
          audit: undefined,
          refusals: { mounted: (audit) => (watched.audit = audit), reached: (id) => made.reached(id) },
        };
        watch = made;
        watching.set(authInfo, watched);
        for (const each of calls) watch.delivered(each.message);
      }
      const response = await mcp.fetch(inner, { authInfo });
      return await answerAfterRow(
        response,
        answered,
        watch,
        calls.map((each) => each.id),
        batch,
      );
    } catch (error) {
      answered();
      if (request.signal.aborted) return httpError(499, 'Client closed the request');
      report(error);
      return httpError(500, 'Internal error');
    }
  };

  return {
    fetch,
    get inFlight() {
      return gate.inFlight;
    },
    close: async () => {
      closed = true;
      await mcp.close();
    },
  };
}

function tooLarge(limit: number): Response {
  return httpError(413, `Payload too large: a request body must not exceed ${limit} bytes`, { connection: 'close' });
}

/** The path of a request URL (`''` when it cannot be parsed). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * The OAuth check of `oauth` after its options are checked (a `RangeError`
 * naming the bad one); the jose-based verifier is imported only here, so a
 * handler without OAuth never loads it.
 */
function oauthCheck(oauth: OAuthOptions, timers: Timers): OAuthCheck {
  if (oauth.issuers.length === 0) throw new RangeError('createHttpHandler: oauth.issuers must name at least one issuer');
  for (const [field, url] of [...oauth.issuers.map((issuer) => ['oauth.issuers', issuer] as const), ['oauth.resource', oauth.resource] as const]) {
    const problem = oauthUrlProblem(url);
    if (problem !== undefined) throw new RangeError(`createHttpHandler: ${field} ${JSON.stringify(url)}: ${problem}`);
  }
  const skew = oauth.clockSkewSeconds ?? 60;
  if (!(skew >= 0 && skew <= 60)) throw new RangeError(`createHttpHandler: oauth.clockSkewSeconds must be 0 to 60, got ${String(skew)}`);
  const verify = import('./create-oauth-verifier.js').then((module) => module.createOAuthVerifier(oauth, () => timers.now()));
  // Surfaced on the first JWT (checkIdentity awaits it); never an unhandled rejection meanwhile.
  verify.catch(() => undefined);
  return { options: oauth, verify };
}

/** The Protected Resource Metadata route of `oauth`: its two paths and its answer (GET or HEAD; any other method 405). */
function metadataRoute(oauth: OAuthOptions): { readonly paths: ReadonlySet<string>; answer(request: Request): Response } {
  const path = new URL(resourceMetadataUrl(oauth.resource)).pathname;
  const body = JSON.stringify(protectedResourceMetadata(oauth));
  const maxAge = oauth.metadataMaxAgeSeconds ?? 3_600;
  return {
    // RFC 9728's URL for the resource, and the bare well-known path clients of the 2025-06-18 revision try.
    paths: new Set([path, new URL(resourceMetadataUrl(new URL(oauth.resource).origin)).pathname]),
    answer: (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return httpError(405, 'Method not allowed: GET the metadata', { allow: 'GET, HEAD' });
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { 'content-type': 'application/json', 'cache-control': `public, max-age=${maxAge}` },
      });
    },
  };
}

/** Writes a refused request's row through a mounted call path: `false` when it was not committed (fail closed). */
type RefusalAuditor = (call: RefusedToolsCall) => Promise<boolean>;

/** One tools/call request in flight: the hand-off its server's mount reports to and, once mounted, how to audit it. */
interface WatchedCall {
  readonly refusals: RefusalAudit;
  audit: RefusalAuditor | undefined;
}

/** The hand-off of a request that is not a tools/call: nothing to audit. */
const unwatched: RefusalAudit = { mounted: () => undefined, reached: () => undefined };

/** The era a refused request was sent in: modern when its header or its envelope names 2026-07-28 or later. */
function eraOf(request: Request, call: ReceivedToolsCall): 'legacy' | 'modern' {
  const params = call.message['params'];
  const meta = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)['_meta'] : undefined;
  const claimed = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion'] : undefined;
  const version = request.headers.get('mcp-protocol-version') ?? (typeof claimed === 'string' ? claimed : '');
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= '2026-07-28' ? 'modern' : 'legacy';
}
