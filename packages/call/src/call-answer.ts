import type { CallResult, Outcome, Verdict } from '@xcap/catalog';
import type { AuditRow } from '@xcap/audit';

/** What every answer carries besides the result: the final verdict, the bridge's outcome and the audit row written. */
interface CallAnswerBase {
  /** The final verdict (after the consent sheet, when one was shown). */
  readonly verdict: Verdict;
  /** How the bridge ended the call; `null` when the call never reached it (a refusal). */
  readonly outcome: Outcome | null;
  /** The one audit row of this call (written, or queued when the sink failed). */
  readonly audit: AuditRow;
}

/** The call was answered with an MCP call result (success, tool error or refusal). */
export interface CallResultAnswer extends CallAnswerBase {
  readonly kind: 'result';
  readonly result: CallResult;
}

/**
 * An agent called a tool that does not exist: MCP's unknown-tool error,
 * JSON-RPC `-32602` (InvalidParams), with no hint. An MCP server maps it with
 * `throw new McpError(answer.error.code, answer.error.message)`.
 */
export interface CallRpcErrorAnswer extends CallAnswerBase {
  readonly kind: 'rpcError';
  readonly error: { readonly code: -32602; readonly message: string };
}

/** What `CallPath.call` answers: a call result, or (agents only, unknown tools) a JSON-RPC error. */
export type CallAnswer = CallResultAnswer | CallRpcErrorAnswer;
