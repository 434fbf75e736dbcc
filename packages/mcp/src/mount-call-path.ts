import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
  type JSONRPCRequest,
  type Server,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import type { AgentCallRequest, CallPath, ConsentChoice, ConsentRequest, ConsentUi } from '@xcap/call';
import { agentLabel } from './agent-label.js';
import type { ClientInfo } from './http/last-client-info.js';
import { consentFormMessage, consentFormReply, consentFormSchema } from './consent-form.js';
import { createConsentState, type ConsentQuestion, type ConsentState } from './consent-state.js';
import { elicitConsent } from './elicit-consent.js';
import { mcpCallResult } from './mcp-call-result.js';
import { mcpTool } from './mcp-tool.js';
import { auditRefused } from './audit-refused.js';
import { failedClosed } from './failed-closed.js';
import type { RefusalAudit } from './refusal-audit.js';
import { newRunId } from './run-id.js';
import { isObject, type Timers } from '@xcap/wire';
import { defaultProgressIntervalMs, maxProgressIntervalMs, minProgressIntervalMs, progressTokenOf, progressWhileWaiting } from './progress-while-waiting.js';

/** The protocol era a server instance serves: `legacy` (2025-11-25 and before, `initialize`) or `modern` (2026-07-28). */
export type McpEra = 'legacy' | 'modern';

/** Where an undecided `ask` scope is put to the person. */
export type McpConsent = 'host' | 'client';

/** Options of `mountCallPath`. */
export interface MountCallPathOptions {
  /** The era this server instance serves (the SDK's factory tells it: `serveStdio(({era}) => …)`, `createMcpHandler(({era}) => …)`). */
  readonly era: McpEra;
  /** The run id audited as `clientId` for every call (default a fresh `newRunId()`). */
  readonly clientId?: string;
  /** Whether a person is present (the app is in the foreground): picker tools run and undecided `ask` scopes are put to them. Default `false`. */
  readonly foreground?: boolean;
  /**
   * Who asks for an undecided scope: `host` (default) the call path's own
   * consent UI; `client` the agent's MCP client — `elicitation/create` on a
   * legacy connection, an `input_required` result with one form elicitation
   * on a modern one.
   */
  readonly consent?: McpConsent;
  /**
   * Signs and spends the modern era's consent questions (default one made
   * for this mount). Share one between the server instances of an endpoint
   * that makes an instance per request, made with the host's
   * `ConsentNonceStore` so that each state is answered once.
   */
  readonly consentState?: ConsentState;
  /**
   * How long a legacy `elicitation/create` may wait for the person, in
   * milliseconds (default 300,000). The call path bounds every consent UI by
   * its own `consentTimeoutMs` (default 120,000, `defaultConsentTimeoutMs`
   * of `@xcap/call`), so the person has the shorter of the two: two minutes
   * unless the call path's timeout is raised.
   */
  readonly elicitTimeoutMs?: number;
  /**
   * The transport's hand-off for tools/call requests the MCP SDK refuses
   * before this handler runs (`HttpServerContext.refusals` in a
   * `createHttpHandler` factory): told what was mounted and each request the
   * handler receives. Without it such a request gets no row.
   */
  readonly refusals?: RefusalAudit;
  /**
   * How the agent reached the host, for the person (`AgentLabel.via`):
   * `token laptop`, `OAuth client xcap-agent at login.example.com`
   * (`HttpServerContext.via` of `createHttpHandler`); absent over stdio
   * (`null`).
   */
  readonly via?: string;
  /**
   * The client's `clientInfo` when neither the request nor this server
   * carries one: a stateless 2025-era HTTP request, whose server never saw
   * `initialize` (`HttpServerContext.clientInfo`).
   */
  readonly clientInfo?: ClientInfo;
  /**
   * How often a tools/call carrying `_meta.progressToken` sends
   * `notifications/progress` while it runs, in milliseconds
   * (`minProgressIntervalMs`–`maxProgressIntervalMs`, default
   * `defaultProgressIntervalMs`, 10 s); out of range throws a `RangeError`.
   */
  readonly progressIntervalMs?: number;
  /** The timers of the progress notifications (default the real ones). */
  readonly timers?: Timers;
}

/** What `mountCallPath` mounted. */
export interface MountedCallPath {
  /** The run id of this server (the audit rows' `clientId`). */
  readonly clientId: string;
  /** tools/call requests running now. */
  readonly running: number;
  /** Settles once no tools/call is running and their answers were handed to the transport (wait for it before closing the connection or the stores). */
  idle(): Promise<void>;
  /**
   * The client went away (stdin ended and the calls had their grace): aborts
   * the signal of every tools/call running now and of any that comes after,
   * as its own cancel would — a waiting sheet ends for it (dismissed, its
   * row written), a picker closes, its progress stops.
   */
  cancel(reason?: unknown): void;
}

/** The key of the consent form in a modern `input_required` result. */
export const consentInputKey = 'consent';

/**
 * Mounts a call path on an MCP SDK v2 low-level `Server` (it must declare
 * the `tools` capability), for the era it serves: `tools/list` answers
 * `callPath.listTools()` with the catalog's raw JSON Schemas; `tools/call`
 * runs `callPath.call({from: 'agent', …})` with this server's run id and
 * the MCP request's own abort signal (`ctx.mcpReq.signal`: the client's
 * `notifications/cancelled` or a closed transport aborts it), so a
 * cancelled call stops waiting on its consent sheet at once — answered as a
 * dismissed call, with its audit row — and a running picker closes.
 *
 * Each call names its agent (`CallRequest.agent`, for the consent sheet):
 * the `name` and `version` of the client's `clientInfo` (a 2026-07-28
 * request's `_meta` client info, else `initialize`'s), clipped, and
 * `options.via` (`null` without). A call whose `_meta` carries a
 * `progressToken` is made with `waitsLong: true` (it may wait on a sheet up
 * to the call path's consent timeout) and sends `notifications/progress`
 * for that token every `progressIntervalMs` (`progress` 1, 2, 3…, message
 * `waiting for the person to answer`) until it answers or is cancelled.
 *
 * Every tools/call request that reaches the server leaves exactly one audit
 * row: `tools/call` is served from the server's `fallbackRequestHandler`,
 * not through `setRequestHandler`, whose schema check would refuse a
 * malformed request before the call path sees it. Arguments that are not
 * an object reach the call path as received (`invalidParams: / type`, an
 * isError result). A `name` that is not a string (or missing `params`) is
 * called as the name `''` (unknown, audited) and answers JSON-RPC -32602
 * `Invalid tools/call: params.name must be a string, got <what>`. An
 * unknown tool answers -32602 whose message is exactly the call path's
 * (`Unknown tool: <name>`). A refusal or tool error is `isError` without
 * `structuredContent`. Any other method without a handler is -32601.
 * No answer goes out before its row: when the call path fails closed (the
 * row was not committed: `unavailable: auditFailed`), that result is the
 * answer, instead of a -32602 or an `input_required` question.
 * A tools/call the SDK answers itself, before this handler runs (a
 * 2026-07-28 request whose `_meta` envelope is missing or invalid), is
 * audited through the same call path by the transports of this package
 * (`serveStdioCallPath`, `createHttpHandler`) when they are handed over as
 * `options.refusals`: the handler tells it each request it receives.
 *
 * With `consent: 'client'` on a modern connection, a call whose scope is
 * undecided (foreground) is audited `denied`/`consentNeeded` — a consent
 * not yet given — and answered `input_required`: one form elicitation (the
 * agent, the sheet, the tool and the arguments: `consentFormMessage`;
 * `answer` Allow once / Always allow / Don’t allow) and a signed, single-use
 * `requestState` naming the app, the scope, the call's `argsHash` and this
 * mount's `clientId`. The client's retry is a request of its own with its
 * own row: with a valid, unexpired state for the same scope, arguments and
 * client, not answered before, `allowOnce` runs the native and stores
 * nothing (the next call is asked again), `allow` writes the grant and runs the
 * native, `deny` writes `denied` (`consentDenied`), a decline or cancel is
 * `dismiss` (`consentNeeded`, nothing written) — and the state is spent
 * (`ConsentState.claim`). A retry whose state is missing, forged, expired,
 * for another scope, other arguments or another client, or already
 * answered (replayed, e.g. after `xcap revoke`) grants nothing and is asked
 * again. When the nonce store fails, the call answers `consentNeeded`
 * without asking. A client that did not declare `elicitation` is never
 * asked (`consentNeeded`).
 */
export function mountCallPath(server: Server, callPath: CallPath, options: MountCallPathOptions): MountedCallPath {
  const clientId = options.clientId ?? newRunId();
  const foreground = options.foreground ?? false;
  const progressIntervalMs = options.progressIntervalMs ?? defaultProgressIntervalMs;
  if (!(Number.isSafeInteger(progressIntervalMs) && progressIntervalMs >= minProgressIntervalMs && progressIntervalMs <= maxProgressIntervalMs))
    throw new RangeError(
      `mountCallPath: progressIntervalMs must be an integer from ${minProgressIntervalMs} to ${maxProgressIntervalMs}, got ${String(progressIntervalMs)}`,
    );
  const via = options.via ?? null;
  const askClient = options.consent === 'client';
  const consentState = askClient && options.era === 'modern' ? (options.consentState ?? createConsentState()) : undefined;
  const legacyConsent =
    askClient && options.era === 'legacy'
      ? elicitConsent(server, options.elicitTimeoutMs === undefined ? {} : { timeoutMs: options.elicitTimeoutMs })
      : undefined;
  // Made at the first tools/list, not at the mount: over HTTP every request mounts on a server of its own, and a
  // tools/call does not need the list (the catalog's schemas copied for each tool).
  let tools: Tool[] | undefined;
  server.setRequestHandler('tools/list', () => ({ tools: (tools ??= callPath.listTools().map(mcpTool)) }));

  const hangUp = new AbortController();
  const answer = async (request: JSONRPCRequest, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
    // The MCP request's own signal (notifications/cancelled, a closed transport) or the mount's hang-up (cancel()).
    const signal = AbortSignal.any([ctx.mcpReq.signal, hangUp.signal]);
    const params: Record<string, unknown> = isObject(request.params) ? request.params : {};
    const name = params['name'];
    const args = params['arguments'];
    const modern = consentState === undefined ? undefined : modernConsent(consentState, clientId, ctx);
    const agent = agentLabel(clientInfoOf(server, ctx) ?? options.clientInfo, via);
    const asking = modern?.ui ?? legacyConsent;
    const consent = asking;
    const progressToken = progressTokenOf(params);
    const call: AgentCallRequest = {
      from: 'agent',
      name: typeof name === 'string' ? name : '',
      arguments: args,
      foreground,
      client: clientId,
      agent,
      ...(progressToken === undefined ? {} : { waitsLong: true }),
      signal,
      ...(consent === undefined ? {} : { consent }),
    };
    const stopProgress =
      progressToken === undefined
        ? undefined
        : progressWhileWaiting({
            token: progressToken,
            notify: (notice) => ctx.mcpReq.notify(notice),
            intervalMs: progressIntervalMs,
            signal,
            ...(options.timers === undefined ? {} : { timers: options.timers }),
          });
    let answered;
    try {
      answered = await callPath.call(call);
    } finally {
      stopProgress?.();
    }
    // No answer before its row: a row that was not committed answers unavailable: auditFailed, before any -32602 or question.
    if (answered.kind === 'result' && failedClosed(answered)) return mcpCallResult(answered.result);
    if (typeof name !== 'string')
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid tools/call: params.name must be a string, got ${describe(name)}`);
    if (answered.kind === 'rpcError') throw new ProtocolError(ProtocolErrorCode.InvalidParams, answered.error.message);
    const question = modern?.asked();
    if (question !== undefined && answered.verdict.reason === 'consentNeeded') {
      return inputRequired({
        inputRequests: { [consentInputKey]: inputRequired.elicit({ mode: 'form', message: question.message, requestedSchema: consentFormSchema }) },
        requestState: await question.state,
      });
    }
    return mcpCallResult(answered.result);
  };

  const refusals = options.refusals;
  refusals?.mounted((call) => auditRefused({ callPath, clientId, foreground }, call));
  const running = new Set<Promise<unknown>>();
  const fallback = server.fallbackRequestHandler;
  server.fallbackRequestHandler = (request, ctx) => {
    if (request.method !== 'tools/call') {
      return fallback === undefined ? Promise.reject(new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found')) : fallback(request, ctx);
    }
    refusals?.reached(request.id);
    const handled = answer(request, ctx);
    running.add(handled);
    const done = () => void running.delete(handled);
    handled.then(done, done);
    return handled;
  };
  server.removeRequestHandler('tools/call');

  const idle = async (): Promise<void> => {
    while (running.size > 0) {
      await Promise.allSettled([...running]);
      // One turn of the event loop, so the SDK hands the answers of the calls that just ended to the transport.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return {
    clientId,
    get running() {
      return running.size;
    },
    idle,
    cancel: (reason?: unknown) => hangUp.abort(reason ?? new DOMException('the client went away', 'AbortError')),
  };
}

/** The question a modern first round asked: the form's message and its signed state. */
interface AskedQuestion {
  readonly message: string;
  readonly state: Promise<string>;
}

/**
 * The per-request consent UI of a modern tools/call: on a retry carrying a
 * valid state for this very question (app, scope, the `argsHash` the call
 * path hands with the request — the one its row records — and this client)
 * whose nonce it is the first to claim, it answers the person's reply;
 * otherwise it records the question to ask and answers `dismiss` (nothing
 * written; the adapter returns `input_required`). A claim that fails
 * (the nonce store is down) is `dismiss` without a question.
 */
function modernConsent(state: ConsentState, client: string, ctx: ServerContext): { ui: ConsentUi; asked(): AskedQuestion | undefined } {
  let asked: AskedQuestion | undefined;
  const ui = async (request: ConsentRequest): Promise<ConsentChoice> => {
    // A cancelled request asks no question.
    if (!canElicitForm(ctx) || request.signal.aborted) return 'dismiss';
    const question: ConsentQuestion = { app: request.app, scope: request.scope, argsHash: request.argsHash, client };
    const echoed = await state.verify(ctx.mcpReq.requestState(), ctx);
    if (echoed !== null && sameQuestion(echoed, question)) {
      const view = inputResponse(ctx.mcpReq.inputResponses, consentInputKey);
      if (view.kind === 'elicit') {
        const first = await Promise.resolve(echoed)
          .then((signed) => state.claim(signed))
          .catch(() => undefined);
        if (first === undefined) return 'dismiss';
        if (first) return consentFormReply(view.action, view.content);
      }
    }
    asked = { message: consentFormMessage(request), state: state.mint(question) };
    return 'dismiss';
  };
  return { ui, asked: () => asked };
}

/**
 * The client's `clientInfo`: a 2026-07-28 request carries it in its `_meta`
 * envelope; a legacy connection gave it in `initialize` (the server keeps
 * it; the accessor is deprecated only for modern requests).
 */
function clientInfoOf(server: Server, ctx: ServerContext): unknown {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  return envelope[CLIENT_INFO_META_KEY] ?? server.getClientVersion();
}

/** Whether the request's envelope declares form elicitation (a bare `elicitation: {}` counts as form, as in the SDK). */
function canElicitForm(ctx: ServerContext): boolean {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY];
  if (!isObject(capabilities)) return false;
  const elicitation = capabilities['elicitation'];
  if (!isObject(elicitation)) return false;
  return elicitation['form'] !== undefined || Object.keys(elicitation).length === 0;
}

function sameQuestion(a: ConsentQuestion, b: ConsentQuestion): boolean {
  return a.app === b.app && a.scope === b.scope && a.argsHash === b.argsHash && a.client === b.client;
}

/** What a value that should have been a string was, for the -32602 message. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
