import type { Outcome, ToolCall, Verdict } from '@xcap/catalog';
import { brokerAuditRow, type AuditRow } from '@xcap/audit';

/**
 * The one audit row of a finished call: `brokerAuditRow` with the final
 * verdict and outcome. The call path passes the arguments' snapshot
 * (`snapshotArguments`), which is always JSON data, so building the row
 * never fails and hashes exactly the arguments as received; for arguments
 * that were not JSON data, the snapshot's best-effort copy is hashed.
 * `hash`, when given, is that hash already computed (`argsHash(call.arguments)`).
 */
export function callAuditRow(appId: string, client: string | null, call: ToolCall, verdict: Verdict, outcome: Outcome | null, hash?: string): AuditRow {
  return brokerAuditRow({ appId, client, call, verdict, outcome, ...(hash === undefined ? {} : { argsHash: hash }) });
}
