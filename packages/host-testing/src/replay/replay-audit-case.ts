import type { Catalog, Outcome, ToolCall, Verdict } from '@xcap/catalog';
import { brokerAuditRow } from '@xcap/audit';
import type { CaseCheck } from './case-check.js';
import { required, requiredString, type CaseRecord } from './case-fields.js';
import { sameJson } from './same-json.js';

/** An `auditCases` entry: `brokerAuditRow` must answer the expected row, every field, in order. */
export function replayAuditCase(_catalog: Catalog, c: CaseRecord): CaseCheck {
  const expected = required(c, 'expected');
  const got = brokerAuditRow({
    appId: requiredString(c, 'appId'),
    client: required(c, 'client') as string | null,
    call: required(c, 'call') as ToolCall,
    verdict: required(c, 'verdict') as Verdict,
    outcome: required(c, 'outcome') as Outcome | null,
  });
  return { pass: sameJson(expected, got, true), expected, got };
}
