import type { AgentLabel } from '@xcap/catalog';
import type { ConsentUi } from './consent-ui.js';

/** The parts every call request carries. */
interface CallRequestBase {
  /** The tool name as called: `<capability>_<tool>` from UI, `<capability>__<tool>` from an agent. */
  readonly name: string;
  /** The arguments as received; absent counts as `{}`. */
  readonly arguments?: unknown;
  /** Whether the app is in the foreground now (a consent sheet or picker may be shown). */
  readonly foreground: boolean;
  /**
   * This call's own consent UI, used instead of the host's for an `ask`
   * (e.g. an MCP adapter asking inside the agent's client). It is asked for
   * this request alone: it neither joins nor is joined by another call's
   * open sheet for the scope, so one request's answer never reaches another
   * request. The same timeout and `dismiss` rules apply as to the host's UI.
   */
  readonly consent?: ConsentUi;
  /**
   * Set when the protocol layer refused this request without running
   * anything (e.g. the MCP SDK answering -32602 before any handler ran): the
   * call path then only audits it — no grant read, no consent, no native.
   * The row is `invalid`/`invalidParams` for a tool of the catalog and
   * `denied`/`unknownTool` for any other name, with `argsHash` of the
   * arguments as received, written through the same audit queue as every
   * row. The text says why (it becomes the answer's `invalidParams: <why>`;
   * the protocol layer sends its own answer).
   */
  readonly refused?: string;
  /**
   * The protocol layer's signal for this request: aborted when the client
   * cancelled it or went away (e.g. the MCP request's own signal:
   * `notifications/cancelled`, a closed transport). When it aborts, a
   * consent sheet this call waits on ends for it at once — the call
   * answers as a dismissed call (`denied: consentNeeded`, nothing written,
   * its audit row as always); the sheet itself closes (its
   * `ConsentRequest.signal` aborts) once no call waits on it any more and
   * none left because its wait (`consentWaitMs`) ran out (otherwise it stays
   * open, detached, until its deadline) — and a running native's
   * `NativeContext` signal aborts (a picker closes).
   */
  readonly signal?: AbortSignal;
}

/** A call from the app's own UI (audited with clientId `ui`). */
export interface UiCallRequest extends CallRequestBase {
  readonly from: 'ui';
}

/** A call from an agent working inside the app (audited with its run id as clientId). */
export interface AgentCallRequest extends CallRequestBase {
  readonly from: 'agent';
  /** The agent's run id, e.g. `run-7` (its audit clientId: also `token:<name>`, `oauth:…`). */
  readonly client: string;
  /**
   * Who calls, as the person is told on a consent sheet and a picker
   * (`ConsentRequest.agent`, `NativeContext.agent`). Each part is a string
   * or `null`; longer strings are clipped to their bound (name 100, version
   * 50, via 200 code points, the last one `…`); anything else is a
   * TypeError. Absent: all three parts `null`.
   */
  readonly agent?: AgentLabel;
  /**
   * Set when the request carries an MCP `progressToken` (the client resets
   * its timeout on progress): the call waits on a consent sheet up to the
   * consent timeout (`consentTimeoutMs`), not `consentWaitMs`.
   */
  readonly waitsLong?: boolean;
}

/** One call as a host hands it to the call path. */
export type CallRequest = UiCallRequest | AgentCallRequest;
