import type { ManifestEntry } from '@xcap/catalog';
import type { AgentTool } from '@xcap/broker';
import type { CallAnswer } from './call-answer.js';
import type { CallRequest } from './call-request.js';
import type { AuditState } from './audit-state-change.js';
import type { PendingAuditRow } from './pending-audit-row.js';

/** A host's one way to run tool calls, from app UI or an agent, and to list an agent's tools. */
export interface CallPath {
  /** The app served, with its validated manifest. */
  readonly app: { readonly id: string; readonly screens: readonly string[]; readonly manifest: readonly ManifestEntry[] };
  /** The capabilities this host provides. */
  readonly provided: readonly string[];
  /** Runs one call: decide → consent (foreground `ask`) → bridge → exactly one audit row → the answer; a request with `refused` set is only audited (`CallRequest.refused`). Never rejects for a call's own reasons. */
  call(request: CallRequest): Promise<CallAnswer>;
  /** An agent's tools/list (`agentToolList` of the app's manifest and the provided capabilities). */
  listTools(): AgentTool[];
  /** Audit rows the sink has not accepted yet, oldest first. */
  pendingAudit(): readonly PendingAuditRow[];
  /** Retries the pending audit rows now; answers how many are still pending. */
  flushAudit(): Promise<number>;
  /**
   * Before the process exits: retries every pending row once more, stops
   * the background retries, and answers the rows still unwritten (oldest
   * first), which the host must keep elsewhere (a spill file) or report as
   * lost. Calls after it are refused `unavailable`.
   */
  closeAudit(): Promise<readonly PendingAuditRow[]>;
  /** The audit trail's state now: `ok`, or `suspended` (policy `suspend`) / `failing` (policy `ignore`) since a write failed. */
  auditState(): AuditState;
  /**
   * How many calls were refused because the audit queue was full AND whose
   * own row the sink did not take either (not kept, so the bound holds; each
   * was reported to `onAuditError`).
   */
  unwrittenRefusals(): number;
}
