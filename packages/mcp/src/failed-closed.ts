import { auditFailedText, type CallAnswer } from '@xcap/call';

/**
 * Whether the call path failed closed for this answer: its row was not
 * committed and it answered `unavailable: auditFailed` (policy `suspend`)
 * instead of the call's own answer. Such an answer is sent as it is — no
 * -32602, no `input_required`, no SDK error goes out before its row.
 */
export function failedClosed(answer: CallAnswer): boolean {
  return answer.kind === 'result' && answer.result.isError === true && answer.result.content[0].text === auditFailedText;
}
