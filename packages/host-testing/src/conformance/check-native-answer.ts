import { checkValue, type Schema } from '@xcap/catalog';

/**
 * What is wrong with a native provider's answer, or `null` when it is one of
 * the two answers the spec allows: `{structuredContent}` matching the tool's
 * `nativeOutputSchema`, or `{isError: <non-empty reason>}` (e.g.
 * `unavailable`). Nothing else: no other keys, not both, not neither.
 */
export function checkNativeAnswer(nativeOutputSchema: Schema, answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    return `answered ${answer === null ? 'null' : Array.isArray(answer) ? 'an array' : typeof answer}, not {structuredContent} or {isError}`;
  }
  const keys = Object.keys(answer);
  const other = keys.filter((key) => key !== 'structuredContent' && key !== 'isError');
  if (other.length > 0) return `answered unexpected keys ${other.map((k) => JSON.stringify(k)).join(', ')} (only structuredContent or isError)`;
  const record = answer as { structuredContent?: unknown; isError?: unknown };
  if (Object.hasOwn(record, 'isError')) {
    if (Object.hasOwn(record, 'structuredContent')) return 'answered both isError and structuredContent';
    return typeof record.isError === 'string' && record.isError.trim() !== '' ? null : 'isError must be a non-empty reason (e.g. "unavailable")';
  }
  if (!Object.hasOwn(record, 'structuredContent')) return 'answered neither structuredContent nor isError';
  const violation = checkValue(nativeOutputSchema, record.structuredContent);
  return violation === null ? null : `structuredContent breaks nativeOutputSchema at ${violation.pointer} (${violation.keyword})`;
}
