import type { CallResult, Grant, ManifestEntry, Outcome, ToolCall, Verdict } from '@xcap/catalog';
import { agentToolList, brokerDecide, consentAnswer, consentSheet, findScope, parseToolName, type ConsentReply } from '@xcap/broker';
import { bridgeCall, bridgeReasons, callFailure } from '@xcap/bridge';
import { AuditQueue } from './audit-queue.js';
import type { CallAnswer } from './call-answer.js';
import { callAuditRow } from './call-audit-row.js';
import type { CallPath } from './call-path.js';
import type { CallPathOptions } from './call-path-options.js';
import type { CallRequest } from './call-request.js';
import { checkCallPathOptions } from './check-call-path-options.js';
import { HostSetupError } from './host-setup-error.js';
import { invalidParamsCode } from './invalid-params-code.js';
import { refusalText } from './refusal-text.js';
import { resolveNative } from './resolve-native.js';

const replies: ReadonlySet<unknown> = new Set<ConsentReply>(['allow', 'deny', 'dismiss']);

/**
 * Builds a host's one call path. Every call, from app UI or an agent, runs
 * the same steps: parse and decide (`brokerDecide`, with the stored grant of
 * the call's scope) → for `ask` (only ever in the foreground) the host's
 * consent UI with `consentSheet`, then `consentAnswer` (one sheet per scope
 * at a time; concurrent calls wait and decide again) → for `call`,
 * `bridgeCall` with the native `providers[capability][tool]` (print_pdf runs
 * in the engine; a provided capability without that method answers
 * `unreachable`) → exactly ONE audit row with the final verdict and outcome
 * → the answer.
 *
 * A refusal answers an isError result with `refusalText` (`denied:
 * consentNeeded`, `unavailable`, `unknownTool`); an agent's unknown tool
 * answers the JSON-RPC error -32602 (`kind: 'rpcError'`) instead. Failures
 * have defined outcomes: a grant store that fails to read counts as
 * undecided; a consent UI that throws or answers nonsense, a sheet that
 * cannot be built, or a grant store that fails to write the answer all count
 * as `dismiss` (`denied: consentNeeded`, nothing persisted); an audit sink
 * that fails keeps the row queued (`pendingAudit`, retried on the next
 * write). Throws a `HostSetupError` listing every problem of the options.
 */
export function createCallPath(options: CallPathOptions): CallPath {
  const { problems, manifest } = checkCallPathOptions(options);
  const appId = typeof options?.app?.id === 'string' ? options.app.id : '';
  if (problems.length > 0) throw new HostSetupError(appId, problems);

  const { catalog, grants, blobs, providers } = options;
  const provided = Object.freeze([...options.provided]);
  const app = Object.freeze({ id: appId, screens: Object.freeze([...options.app.screens]), manifest: Object.freeze(manifest) });
  const context = { app: app.id, screens: app.screens };
  const audit = new AuditQueue(options.audit, {
    clock: options.clock,
    ...(options.auditTimeoutMs === undefined ? {} : { timeoutMs: options.auditTimeoutMs }),
    ...(options.onAuditError === undefined ? {} : { onError: options.onAuditError }),
  });
  const asking = new Map<string, Promise<unknown>>();

  async function grantsFor(call: ToolCall): Promise<Record<string, Grant>> {
    const parsed = parseToolName(catalog, call.from, call.name);
    const scope = parsed === null ? null : findScope(catalog, parsed.capability, parsed.tool);
    if (scope === null) return {};
    try {
      const grant = await grants.get(app.id, scope.id);
      return grant === 'granted' || grant === 'denied' ? { [scope.id]: grant } : {};
    } catch {
      return {};
    }
  }

  async function decide(call: ToolCall, foreground: boolean): Promise<Verdict> {
    for (;;) {
      const verdict = brokerDecide(catalog, { manifest: app.manifest, grants: await grantsFor(call), provided, foreground, call });
      if (verdict.verdict !== 'ask' || verdict.scope === null) return verdict;
      const pending = asking.get(verdict.scope);
      if (pending !== undefined) {
        await pending;
        continue;
      }
      const scope = verdict.scope;
      const answered = ask(verdict, scope).finally(() => asking.delete(scope));
      asking.set(scope, answered);
      return answered;
    }
  }

  async function ask(verdict: Verdict, scope: string): Promise<Verdict> {
    let reply: ConsentReply = 'dismiss';
    try {
      const entry = app.manifest.find((e: ManifestEntry) => e.id === scope);
      if (entry !== undefined) {
        const sheet = consentSheet(catalog, scope, entry);
        const answer: unknown = await options.consent({ app: app.id, scope, sheet, verdict });
        if (replies.has(answer)) reply = answer as ConsentReply;
      }
    } catch {
      reply = 'dismiss';
    }
    try {
      return await consentAnswer(grants, app.id, verdict, reply);
    } catch {
      return { ...verdict, verdict: 'denied', reason: 'consentNeeded' };
    }
  }

  async function run(verdict: Verdict, call: ToolCall): Promise<{ result: CallResult; outcome: Outcome }> {
    const { capability, tool } = verdict;
    if (capability === null || tool === null) return { result: callFailure(bridgeReasons.internalError), outcome: 'isError' };
    const native = resolveNative(providers, capability, tool);
    try {
      return await bridgeCall({
        catalog,
        tool: `${capability}_${tool}`,
        arguments: call.arguments,
        context,
        blobs,
        ...(native === undefined ? {} : { native }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        randomHex: options.randomHex,
        pdfTable: catalog.pdf,
      });
    } catch {
      return { result: callFailure(bridgeReasons.internalError), outcome: 'isError' };
    }
  }

  async function call(request: CallRequest): Promise<CallAnswer> {
    checkRequest(request);
    const started = performance.now();
    const at = startTime(options.clock);
    const toolCall: ToolCall = 'arguments' in request ? { from: request.from, name: request.name, arguments: request.arguments } : { from: request.from, name: request.name };
    const client = request.from === 'agent' ? request.client : null;
    const verdict = await decide(toolCall, request.foreground);
    const ran = verdict.verdict === 'call' ? await run(verdict, toolCall) : null;
    const outcome = ran === null ? null : ran.outcome;
    const row = callAuditRow(app.id, client, toolCall, verdict, outcome);
    await audit.write(row, { at, durationMs: performance.now() - started });
    if (verdict.verdict === 'unknown' && request.from === 'agent') {
      return { kind: 'rpcError', error: { code: invalidParamsCode, message: `Unknown tool: ${request.name}` }, verdict, outcome, audit: row };
    }
    return { kind: 'result', result: ran === null ? callFailure(refusalText(verdict)) : ran.result, verdict, outcome, audit: row };
  }

  return {
    app,
    provided,
    call,
    listTools: () => agentToolList(catalog, { manifest: app.manifest, provided }),
    pendingAudit: () => audit.pending,
    flushAudit: () => audit.flush(),
  };
}

/** The host clock's time as ISO 8601; a clock that throws or answers no valid date counts as the system clock. */
function startTime(clock: () => Date): string {
  try {
    const now = clock();
    if (now instanceof Date && Number.isFinite(now.getTime())) return now.toISOString();
  } catch {
    return new Date().toISOString();
  }
  return new Date().toISOString();
}

function checkRequest(request: CallRequest): void {
  if (typeof request !== 'object' || request === null) throw new TypeError('CallPath.call: the request must be an object {from, name, arguments?, foreground, client?}');
  if (request.from !== 'ui' && request.from !== 'agent') throw new TypeError('CallPath.call: request.from must be "ui" or "agent"');
  if (typeof request.name !== 'string') throw new TypeError('CallPath.call: request.name must be a string');
  if (typeof request.foreground !== 'boolean') throw new TypeError('CallPath.call: request.foreground must be a boolean');
  if (request.from === 'agent' && (typeof request.client !== 'string' || request.client === '')) {
    throw new TypeError('CallPath.call: an agent call needs its run id as request.client');
  }
  if (request.from === 'ui' && 'client' in request && (request as { client?: unknown }).client !== undefined && (request as { client?: unknown }).client !== null) {
    throw new TypeError('CallPath.call: a UI call has no client');
  }
}
