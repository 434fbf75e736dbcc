import type { AgentLabel, CallResult, Catalog, Grant, JsonValue, ManifestEntry, Outcome, ToolCall, Verdict } from '@xcap/catalog';
import { argsHash, clipToolName } from '@xcap/audit';
import { agentToolList, brokerDecide, consentAnswer, consentSheet, findScope, parseToolName } from '@xcap/broker';
import { bridgeCall, bridgeReasons, callFailure } from '@xcap/bridge';
import { AuditQueue } from './audit-queue.js';
import { auditFailedText, auditPolicyProblems, auditStateFor, defaultAuditFailure } from './audit-state-change.js';
import type { CallAnswer } from './call-answer.js';
import { callAuditRow } from './call-audit-row.js';
import type { CallPath } from './call-path.js';
import type { CallPathOptions } from './call-path-options.js';
import type { CallRequest } from './call-request.js';
import { checkCallPathOptions } from './check-call-path-options.js';
import { defaultConsentTimeoutMs, type ConsentChoice, type ConsentUi } from './consent-ui.js';
import { HostSetupError } from './host-setup-error.js';
import { invalidParamsCode } from './invalid-params-code.js';
import type { NativeProviders } from './native-providers.js';
import { refusalText } from './refusal-text.js';
import { resolveNative } from './resolve-native.js';
import { snapshotArguments } from './snapshot-arguments.js';
import { defaultBlobTimeoutMs, timedBlobStore } from './timed-blob-store.js';
import { defaultGrantTimeoutMs, timedGrantStore } from './timed-grant-store.js';
import { timerDelay } from '@xcap/wire';
import { answerBeforeAbort } from './answer-before-abort.js';
import { OpenSheet } from './open-sheet.js';
import { ConsentPasses } from './consent-passes.js';
import { clipAgentLabel } from './clip-agent-label.js';
import { frozenArguments } from './frozen-arguments.js';
import { maxOpenSheetsPerAgent } from './max-open-sheets-per-agent.js';

const choices: ReadonlySet<unknown> = new Set<ConsentChoice>(['allowOnce', 'allow', 'deny', 'dismiss']);

/** Who makes a call, as the consent UI and the native are told: `agent` and `client` both `null` for the app's UI. */
interface Caller {
  readonly agent: AgentLabel | null;
  readonly client: string | null;
}

/** How a call that reached the bridge (or was stopped right before it) ended. */
interface Ran {
  readonly result: CallResult;
  readonly outcome: Outcome;
}

/** The end of a call whose arguments are not JSON data: refused before the bridge, as the bridge refuses a value of the wrong type. */
const notJsonArguments: Ran = { result: callFailure('invalidParams: / type'), outcome: 'invalidParams' };

/**
 * Builds a host's one call path. Every call, from app UI or an agent, runs
 * the same steps: read the arguments ONCE into a JSON snapshot (everything
 * after uses it: the hash, the broker's `url`, validation, mapping, the
 * native; arguments that cannot be read or are not JSON data end
 * `invalidParams: / type`) → parse and decide (`brokerDecide`, with the
 * stored grant of the call's scope) → for `ask` (only ever in the
 * foreground) the host's consent UI with `consentSheet`, who asks
 * (`agent`, `client`), the tool and the arguments, then the person's
 * `ConsentChoice` → for `call`, `bridgeCall` with the native
 * `providers[capability][tool]` (print_pdf runs in the engine; a provided
 * capability without that method answers `unreachable`; the native's
 * `NativeContext` names the `agent` and `client`) → exactly ONE audit row
 * with the final verdict and outcome → the answer.
 *
 * Consent: concurrent calls with the same scope and tool, agent (`client`,
 * or the app's UI) and `argsHash` share one sheet and its answer (a retry joins
 * the open sheet); other calls get sheets of their own. The sheet's
 * `signal` aborts at its `deadline` (`consentTimeoutMs` after it opened)
 * and at once when every call waiting on it was cancelled through
 * `request.signal` and none ran out of wait (a cancelled call stops
 * waiting at once and answers as dismissed). An agent's call waits at most
 * `consentWaitMs` (the whole consent timeout with `waitsLong`; a UI call
 * always does): then it answers as dismissed (`denied: consentNeeded`, its
 * row), and once no call waits any more the sheet's `detached` aborts while
 * the sheet stays open until its deadline. `allow` / `deny` store `granted`
 * / `denied` through `consentAnswer` even after the sheet detached; they
 * then end every other open sheet of the scope with the stored verdict
 * (its signal aborts, its waiting calls go on with it) and drop the scope's
 * passes. `allowOnce` stores nothing: the waiting calls run; with none
 * waiting (the sheet detached) it leaves one pass — the next call of that
 * scope by the same `client` whose verdict is `ask` runs without a sheet,
 * once, before the sheet's deadline (at most 1,000 passes, the oldest
 * dropped). `dismiss` stores nothing and refuses. One agent (or the UI) has
 * at most `maxOpenSheetsPerAgent` (64) sheets open at once, detached ones
 * included: a call that would open one more answers as dismissed, with no
 * sheet.
 *
 * A refusal answers an isError result with `refusalText` (`denied:
 * consentNeeded`, `unavailable`, `unknownTool`); an agent's unknown tool
 * answers the JSON-RPC error -32602 (`kind: 'rpcError'`) instead, once its
 * row is committed (like any answer: see the audit policy below). Failures
 * have defined outcomes, and everything a host plugs in has a timeout: a
 * grant store that fails or times out reading counts as undecided; a
 * consent UI that throws, answers nonsense or times out, a sheet that
 * cannot be built, or a grant store that fails or times out writing the
 * answer all count as `dismiss` (`denied: consentNeeded`, nothing
 * persisted); a blob store that fails or times out is `storeFailed`; an
 * audit sink that fails keeps the row pending (retried in the background).
 * Under the default audit policy (`auditFailure: 'suspend'`) no answer goes
 * out without its committed row: a call whose own row was not committed
 * answers `unavailable: auditFailed` (an unknown tool, a refused request
 * too), and from then on, until a write
 * succeeds again (each new call first retries the oldest pending rows), new
 * calls are refused `unavailable` before anything runs. While the audit
 * queue is full (`maxPendingAudit`) or closed (`closeAudit`), new calls are
 * refused the same way under either policy. A request the protocol layer
 * refused (`request.refused`) is only audited — `invalid`/`invalidParams`, or
 * `unknownTool` for a name not in the catalog — through the same queue, with
 * no grant read, consent or native, whatever the audit state. Throws a `HostSetupError` listing
 * every problem of the options. For the built-in catalog, a literal
 * `provided` list types `providers` from the generated `HostProviders`
 * (`CallPathProviders`).
 */
export function createCallPath<const P extends readonly string[] = readonly string[], R extends object = NativeProviders>(
  typedOptions: CallPathOptions<P, R>,
): CallPath {
  const options = typedOptions as unknown as CallPathOptions;
  const { problems, manifest } = checkCallPathOptions(options);
  const appId = typeof (options as { app?: { id?: unknown } } | null | undefined)?.app?.id === 'string' ? options.app.id : ''; // options may be anything: the check above only listed its problems
  problems.push(...auditPolicyProblems(options));
  if (problems.length > 0) throw new HostSetupError(appId, problems);

  const { catalog, providers } = options;
  const blobs = timedBlobStore(options.blobs, options.blobTimeoutMs ?? defaultBlobTimeoutMs);
  const grants = timedGrantStore(options.grants, options.grantTimeoutMs ?? defaultGrantTimeoutMs);
  const consentTimeoutMs = options.consentTimeoutMs ?? defaultConsentTimeoutMs;
  const provided = Object.freeze([...options.provided]);
  const app = Object.freeze({ id: appId, screens: Object.freeze([...options.app.screens]), manifest: Object.freeze(manifest) });
  const context = { app: app.id, screens: app.screens };
  const policy = options.auditFailure ?? defaultAuditFailure;
  const suspend = policy === 'suspend';
  const audit = new AuditQueue(options.audit, {
    clock: options.clock,
    ...(options.auditTimeoutMs === undefined ? {} : { timeoutMs: options.auditTimeoutMs }),
    ...(options.onAuditError === undefined ? {} : { onError: options.onAuditError }),
    ...(options.maxPendingAudit === undefined ? {} : { maxPending: options.maxPendingAudit }),
    onState: (change) => options.onAuditState?.({ ...change, state: auditStateFor(change.state, policy) }),
  });
  const consentWaitMs = options.consentWaitMs ?? consentTimeoutMs;
  /** The open consent sheet of each scope, tool, agent and argsHash (shared by the calls waiting on it). */
  const asking = new Map<string, OpenSheet>();
  /** Every open sheet, shared or a request's own: a stored answer ends the others of its scope. */
  const sheets = new Set<OpenSheet>();
  /** What `Allow once` after a detached sheet leaves: one call of the scope and agent through. */
  const passes = new ConsentPasses();
  /** How many sheets each agent (`client`; `null` for the UI) has open: detached sheets outlive their calls, so they are bounded. */
  const openPerAgent = new Map<string | null, number>();

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

  async function decide(call: ToolCall, hash: string, request: CallRequest, caller: Caller, args: JsonValue | undefined): Promise<Verdict> {
    const verdict = brokerDecide(catalog, { manifest: app.manifest, grants: await grantsFor(call), provided, foreground: request.foreground, call });
    if (verdict.verdict !== 'ask' || verdict.scope === null) return verdict;
    const scope = verdict.scope;
    const dismissed: Verdict = { ...verdict, verdict: 'denied', reason: 'consentNeeded' };
    // A cancelled call opens no sheet and joins none (nor uses a pass): it answers as dismissed.
    if (request.signal?.aborted === true) return dismissed;
    // An `Allow once` given after its sheet detached lets this agent's next call of the scope through, once.
    if (passes.take(scope, caller.client)) return { ...verdict, verdict: 'call', reason: null };
    // A request's own consent UI is asked for that request alone: never shared through `asking`.
    const own = request.consent;
    // The tool too: the sheet names it, so a call of another tool with the same arguments is not answered by it.
    const key = JSON.stringify([scope, verdict.tool, caller.client, hash]);
    let sheet = own === undefined ? asking.get(key) : undefined;
    if (sheet === undefined) {
      const open = openPerAgent.get(caller.client) ?? 0;
      if (open >= maxOpenSheetsPerAgent) return dismissed;
      openPerAgent.set(caller.client, open + 1);
      const opened = new OpenSheet(
        scope,
        (open) => ask(verdict, scope, hash, caller, args, own ?? options.consent, open),
        () => {
          if (asking.get(key) === opened) asking.delete(key);
        },
      );
      sheets.add(opened);
      if (own === undefined) asking.set(key, opened);
      void opened.verdict.finally(() => {
        sheets.delete(opened);
        const left = (openPerAgent.get(caller.client) ?? 1) - 1;
        if (left > 0) openPerAgent.set(caller.client, left);
        else openPerAgent.delete(caller.client);
        if (asking.get(key) === opened) asking.delete(key);
      });
      sheet = opened;
    }
    // An agent's call waits at most `consentWaitMs` (its client gives up): then the sheet stays, detached, until its deadline.
    const waitMs = request.from === 'agent' && request.waitsLong !== true && consentWaitMs < consentTimeoutMs ? consentWaitMs : Infinity;
    const answered = await sheet.wait(request.signal, waitMs);
    return answered === null ? dismissed : { ...verdict, verdict: answered.verdict, reason: answered.reason };
  }

  /**
   * Asks the UI for one sheet and writes its answer. The sheet's signal
   * (aborted when every waiting call was cancelled, or when another sheet's
   * stored answer ended it) aborts at the deadline too; an answer after the
   * abort counts as `dismiss`. `allowOnce` runs the waiting calls, or, when
   * none waits any more (the sheet detached), leaves one pass for the
   * agent's next call of the scope until the deadline; a stored `allow` or
   * `deny` drops the scope's passes and ends every other open sheet of the
   * scope with the stored verdict.
   */
  async function ask(
    verdict: Verdict,
    scope: string,
    hash: string,
    caller: Caller,
    args: JsonValue | undefined,
    consent: ConsentUi,
    sheet: OpenSheet,
  ): Promise<Verdict> {
    let choice: ConsentChoice = 'dismiss';
    const deadline = consentTimeoutMs === Infinity ? Infinity : hostNow(options.clock) + consentTimeoutMs;
    const expiresAt = consentTimeoutMs === Infinity ? Infinity : Date.now() + consentTimeoutMs;
    const uiSignal = sheet.controller.signal;
    const timer =
      consentTimeoutMs === Infinity
        ? undefined
        : setTimeout(
            () => sheet.controller.abort(new DOMException(`the consent UI did not answer within ${consentTimeoutMs} ms`, 'TimeoutError')),
            timerDelay(consentTimeoutMs),
          );
    try {
      const entry = app.manifest.find((e: ManifestEntry) => e.id === scope);
      if (entry !== undefined) {
        const id = `${verdict.capability ?? ''}_${verdict.tool ?? ''}`;
        const tool = Object.freeze({ id, description: catalog.tools.find((def) => def.name === id)?.description ?? '' });
        const request = {
          app: app.id,
          scope,
          sheet: consentSheet(catalog, scope, entry),
          verdict,
          agent: caller.agent,
          client: caller.client,
          tool,
          arguments: frozenArguments(args),
          argsHash: hash,
          signal: uiSignal,
          detached: sheet.detachedController.signal,
          deadline,
        };
        const answer: unknown = await answerBeforeAbort(() => consent(request), uiSignal);
        // An answer after the abort changes nothing.
        if (!uiSignal.aborted && choices.has(answer)) choice = answer as ConsentChoice;
      }
    } catch {
      choice = 'dismiss';
    } finally {
      clearTimeout(timer);
    }
    if (choice === 'allowOnce') {
      // Nothing stored: the waiting calls run; with none waiting, the agent's next call does.
      if (sheet.waiters === 0) passes.add(scope, caller.client, expiresAt);
      return { ...verdict, verdict: 'call', reason: null };
    }
    let answered: Verdict;
    try {
      answered = await consentAnswer(grants, app.id, verdict, choice);
    } catch {
      return { ...verdict, verdict: 'denied', reason: 'consentNeeded' };
    }
    if (choice !== 'dismiss') {
      passes.clear(scope);
      for (const other of sheets) {
        if (other !== sheet && other.scope === scope)
          other.end(answered, `another consent sheet stored ${choice === 'allow' ? 'granted' : 'denied'} for ${scope}`);
      }
    }
    return answered;
  }

  async function run(verdict: Verdict, args: JsonValue | undefined, signal: AbortSignal | undefined, caller: Caller): Promise<Ran> {
    const { capability, tool } = verdict;
    if (capability === null || tool === null) return { result: callFailure(bridgeReasons.internalError), outcome: 'isError' };
    const native = resolveNative(providers, capability, tool);
    try {
      return await bridgeCall({
        catalog,
        tool: `${capability}_${tool}`,
        arguments: args,
        context,
        blobs,
        ...(native === undefined ? {} : { native }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(signal === undefined ? {} : { signal }),
        now: () => hostNow(options.clock),
        randomHex: options.randomHex,
        pdfTable: catalog.pdf,
        agent: caller.agent,
        client: caller.client,
      });
    } catch {
      return { result: callFailure(bridgeReasons.internalError), outcome: 'isError' };
    }
  }

  async function call(request: CallRequest): Promise<CallAnswer> {
    checkRequest(request);
    const started = performance.now();
    const at = startTime(options.clock);
    const { from, name } = request;
    const client = request.from === 'agent' ? request.client : null;
    const caller: Caller = { agent: request.from === 'agent' ? clipAgentLabel(request.agent) : null, client };
    const snapshot = snapshotArguments(request.arguments);
    const toolCall: ToolCall = snapshot.value === undefined ? { from, name } : { from, name, arguments: snapshot.value };
    if (request.refused !== undefined) return refuse(toolCall, client, request.refused, at, started);

    // Hashed once: the consent request carries it, the row records it.
    const hash = argsHash(toolCall.arguments);
    const full = audit.full || audit.closed;
    const refused = full || (suspend && audit.state === 'failing' && !(await audit.probe()));
    const verdict = refused ? refusedWhileFull(catalog, toolCall) : await decide(toolCall, hash, request, caller, snapshot.value);
    const ran = verdict.verdict !== 'call' ? null : snapshot.ok ? await run(verdict, snapshot.value, request.signal, caller) : notJsonArguments;
    const outcome = ran === null ? null : ran.outcome;
    const row = callAuditRow(app.id, client, toolCall, verdict, outcome, hash);
    const meta = { at, durationMs: performance.now() - started };
    const committed = full ? await audit.writeOnce(row, meta) : await audit.write(row, meta);
    // No answer before its row: an unknown tool's -32602 too waits for its commit, and fails closed without it.
    if (suspend && !committed) return { kind: 'result', result: callFailure(auditFailedText), verdict, outcome, audit: row };
    if (verdict.verdict === 'unknown' && from === 'agent') {
      return { kind: 'rpcError', error: { code: invalidParamsCode, message: `Unknown tool: ${clipToolName(name)}` }, verdict, outcome, audit: row };
    }
    return { kind: 'result', result: ran === null ? callFailure(refusalText(verdict)) : ran.result, verdict, outcome, audit: row };
  }

  /** Audits a request the protocol layer refused (`request.refused`): nothing runs; the row goes through the queue under its usual rules. */
  async function refuse(toolCall: ToolCall, client: string | null, why: string, at: string, started: number): Promise<CallAnswer> {
    const verdict = refusedByProtocol(catalog, toolCall);
    const outcome = verdict.verdict === 'call' ? 'invalidParams' : null;
    const row = callAuditRow(app.id, client, toolCall, verdict, outcome);
    const meta = { at, durationMs: performance.now() - started };
    const committed = audit.full || audit.closed ? await audit.writeOnce(row, meta) : await audit.write(row, meta);
    if (suspend && !committed) return { kind: 'result', result: callFailure(auditFailedText), verdict, outcome, audit: row };
    if (verdict.verdict === 'unknown' && toolCall.from === 'agent') {
      return { kind: 'rpcError', error: { code: invalidParamsCode, message: `Unknown tool: ${clipToolName(toolCall.name)}` }, verdict, outcome, audit: row };
    }
    return {
      kind: 'result',
      result: outcome === null ? callFailure(refusalText(verdict)) : callFailure(`invalidParams: ${why}`),
      verdict,
      outcome,
      audit: row,
    };
  }

  return {
    app,
    provided,
    call,
    listTools: () => agentToolList(catalog, { manifest: app.manifest, provided }),
    pendingAudit: () => audit.pending,
    flushAudit: () => audit.flush(),
    closeAudit: () => audit.close(),
    auditState: () => auditStateFor(audit.state, policy),
    unwrittenRefusals: () => audit.unwrittenRefusals,
  };
}

/** The verdict of a call refused because the audit queue is full or closed, or the audit trail is suspended: `unavailable` for a tool of the catalog, `unknown` (as always) for any other name. */
function refusedWhileFull(catalog: Catalog, call: ToolCall): Verdict {
  const parsed = parseToolName(catalog, call.from, call.name);
  if (parsed === null) return { verdict: 'unknown', capability: null, tool: null, scope: null, reason: 'unknownTool' };
  const scope = findScope(catalog, parsed.capability, parsed.tool);
  return { verdict: 'unavailable', capability: parsed.capability, tool: parsed.tool, scope: scope === null ? null : scope.id, reason: 'unavailable' };
}

/**
 * The verdict of a request the protocol layer refused: `unknown` (as
 * always) for a name that is not a tool of the catalog; otherwise `call`
 * with the outcome `invalidParams` — the broker is never asked, and the row
 * reads `invalid`/`invalidParams` as for arguments the bridge refuses.
 */
function refusedByProtocol(catalog: Catalog, call: ToolCall): Verdict {
  const parsed = parseToolName(catalog, call.from, call.name);
  if (parsed === null) return { verdict: 'unknown', capability: null, tool: null, scope: null, reason: 'unknownTool' };
  const scope = findScope(catalog, parsed.capability, parsed.tool);
  return { verdict: 'call', capability: parsed.capability, tool: parsed.tool, scope: scope === null ? null : scope.id, reason: null };
}

/** The host clock's time in ms since the epoch; a clock that throws or answers no valid date counts as the system clock. */
function hostNow(clock: () => Date): number {
  try {
    const now = clock();
    if (now instanceof Date && Number.isFinite(now.getTime())) return now.getTime();
  } catch {
    return Date.now();
  }
  return Date.now();
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
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  if (typeof request !== 'object' || request === null)
    throw new TypeError('CallPath.call: the request must be an object {from, name, arguments?, foreground, client?}');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  if (request.from !== 'ui' && request.from !== 'agent') throw new TypeError('CallPath.call: request.from must be "ui" or "agent"');
  if (typeof request.name !== 'string') throw new TypeError('CallPath.call: request.name must be a string');
  if (typeof request.foreground !== 'boolean') throw new TypeError('CallPath.call: request.foreground must be a boolean');
  if (request.from === 'agent' && (typeof request.client !== 'string' || request.client === '')) {
    throw new TypeError('CallPath.call: an agent call needs its run id as request.client');
  }
  if (request.consent !== undefined && typeof request.consent !== 'function')
    throw new TypeError('CallPath.call: request.consent must be a consent UI function when given');
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal))
    throw new TypeError('CallPath.call: request.signal must be an AbortSignal when given');
  if (request.refused !== undefined && (typeof request.refused !== 'string' || request.refused === ''))
    throw new TypeError('CallPath.call: request.refused must be a non-empty string (why the protocol layer refused the request) when given');
  if (request.from === 'agent') {
    if (request.agent !== undefined) checkAgentLabel(request.agent);
    if (request.waitsLong !== undefined && typeof request.waitsLong !== 'boolean')
      throw new TypeError('CallPath.call: request.waitsLong must be a boolean when given');
  } else {
    for (const key of ['agent', 'waitsLong'] as const) {
      if (key in request && (request as Partial<Record<typeof key, unknown>>)[key] !== undefined) throw new TypeError(`CallPath.call: a UI call has no ${key}`);
    }
  }
  if (
    request.from === 'ui' &&
    'client' in request &&
    (request as { client?: unknown }).client !== undefined &&
    (request as { client?: unknown }).client !== null
  ) {
    throw new TypeError('CallPath.call: a UI call has no client');
  }
}

/** An agent label is an object whose `name`, `version` and `via` are each a string or `null` (long strings are clipped later, not refused). */
function checkAgentLabel(agent: unknown): void {
  if (typeof agent !== 'object' || agent === null || Array.isArray(agent))
    throw new TypeError('CallPath.call: request.agent must be an object {name, version, via} when given');
  for (const part of ['name', 'version', 'via'] as const) {
    const value = (agent as Partial<Record<typeof part, unknown>>)[part];
    if (value !== null && typeof value !== 'string') throw new TypeError(`CallPath.call: request.agent.${part} must be a string or null`);
  }
}
