import type { Outcome, RefusalReason, ToolCall, Verdict } from '@xcap/catalog';
import { argsHash } from './args-hash.js';
import { clipToolName } from './clip-tool-name.js';
import type { AuditRow, AuditStatus } from './audit-row.js';
import { qualifiedToolName } from '@xcap/catalog';

/** What one audit row is made of: the app, the agent run (or `null` for UI), the call, the final verdict and, for a call that ran, its outcome. */
export interface BrokerAuditInput {
  readonly appId: string;
  /** The agent's run id; `null` for an app UI call. */
  readonly client: string | null;
  readonly call: ToolCall;
  /** The FINAL verdict: `brokerDecide`'s, or `consentAnswer`'s after an `ask`. */
  readonly verdict: Verdict;
  /** How the call ended in the bridge; `null` exactly when the verdict refused it. */
  readonly outcome: Outcome | null;
  /** `argsHash(call.arguments)` when the caller already computed it (the call path hashes the arguments once, for the consent request and the row); computed here otherwise. */
  readonly argsHash?: string;
}

const outcomeStatus: Readonly<Record<Outcome, readonly [AuditStatus, string | null]>> = {
  ok: ['ok', null],
  isError: ['failed', null],
  invalidParams: ['invalid', 'invalidParams'],
  rpcError: ['upstream', 'rpcError'],
  unreachable: ['upstream', 'unreachable'],
  timeout: ['upstream', 'timeout'],
};

const refusalReasons: ReadonlySet<string> = new Set<RefusalReason>([
  'unknownTool',
  'hostOnly',
  'notDeclared',
  'unavailable',
  'originNotDeclared',
  'needsForeground',
  'consentDenied',
  'consentNeeded',
]);

/**
 * The one audit row of a call (audit.json's shape, clarification 3):
 * `clientId` = `ui` for app UI, else the run id; `tool` = the qualified
 * spelling `<capability>__<tool>` (an unknown UI name with its first `_`
 * doubled, a UI name without `_` as called; a name longer than 128 code
 * points as the first 128 code points of that spelling and `…`,
 * clarification 21); a `call` verdict takes its
 * status from the outcome (`ok` → ok, `isError` → failed, `invalidParams` →
 * invalid with error `invalidParams`, `rpcError`/`unreachable`/`timeout` →
 * upstream with that name as error); every refusal, `unknown` and
 * `unavailable` → `denied` with the reason (`unknownTool`, `unavailable`, …)
 * as error; `argsHash` of the arguments as received.
 *
 * Programming errors are TypeErrors, never a silent wrong row: an `ask`
 * verdict (it is not final — audit the verdict `consentAnswer` returns), a
 * `call` verdict without an outcome, a refusal with one, an agent call
 * without a run id, a UI call with one, arguments that are not JSON data.
 */
export function brokerAuditRow(input: BrokerAuditInput): AuditRow {
  const { appId, client, call, verdict, outcome } = input;
  if (typeof appId !== 'string' || appId === '') throw new TypeError('brokerAuditRow: appId must be a non-empty string');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  if (typeof call !== 'object' || call === null || typeof call.name !== 'string' || (call.from !== 'ui' && call.from !== 'agent')) {
    throw new TypeError('brokerAuditRow: call must be {from: "ui" | "agent", name: string, arguments?}');
  }
  let clientId: string;
  if (call.from === 'ui') {
    if (client !== null) throw new TypeError('brokerAuditRow: a UI call has no client (pass null)');
    clientId = 'ui';
  } else {
    if (typeof client !== 'string' || client === '') throw new TypeError('brokerAuditRow: an agent call needs its run id as client');
    clientId = client;
  }
  const [status, error] = statusOf(verdict, outcome);
  return {
    appId,
    clientId,
    tool: clipToolName(call.name, qualifiedToolName(call.from, call.name)),
    status,
    error,
    argsHash: input.argsHash ?? argsHash(call.arguments),
  };
}

function statusOf(verdict: Verdict, outcome: Outcome | null): readonly [AuditStatus, string | null] {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  const kind: unknown = typeof verdict === 'object' && verdict !== null ? verdict.verdict : undefined;
  switch (kind) {
    case 'call': {
      const status = typeof outcome === 'string' && Object.hasOwn(outcomeStatus, outcome) ? outcomeStatus[outcome] : undefined;
      if (status === undefined) throw new TypeError(`brokerAuditRow: a "call" verdict needs the call's outcome, got ${show(outcome)}`);
      return status;
    }
    case 'denied':
    case 'unknown':
    case 'unavailable': {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
      if (outcome !== null && outcome !== undefined)
        throw new TypeError(`brokerAuditRow: a refused call never ran, so it has no outcome (got ${show(outcome)})`);
      const reason = kind === 'unknown' ? 'unknownTool' : kind === 'unavailable' ? 'unavailable' : verdict.reason;
      if (typeof reason !== 'string' || !refusalReasons.has(reason))
        throw new TypeError(`brokerAuditRow: a "denied" verdict needs its reason, got ${show(reason)}`);
      return ['denied', reason];
    }
    case 'ask':
      throw new TypeError('brokerAuditRow: an "ask" verdict is not final; audit the verdict consentAnswer returns');
    default:
      throw new TypeError(`brokerAuditRow: not a verdict: ${show(kind)}`);
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
