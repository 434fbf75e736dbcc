import type { Outcome, ToolCall, Verdict } from '@xcap/catalog';
import { brokerAuditRow, type AuditRow } from '@xcap/audit';
import { jsonSafeCopy } from './json-safe-copy.js';

/**
 * The one audit row of a finished call (`brokerAuditRow` with the final
 * verdict and outcome). Arguments that are not JSON data are hashed as their
 * `jsonSafeCopy`, so building the row never fails and no call goes
 * unaudited.
 */
export function callAuditRow(appId: string, client: string | null, call: ToolCall, verdict: Verdict, outcome: Outcome | null): AuditRow {
  try {
    return brokerAuditRow({ appId, client, call, verdict, outcome });
  } catch (error) {
    const safe: ToolCall = { from: call.from, name: call.name, arguments: jsonSafeCopy(call.arguments) };
    try {
      return brokerAuditRow({ appId, client, call: safe, verdict, outcome });
    } catch {
      throw error;
    }
  }
}
