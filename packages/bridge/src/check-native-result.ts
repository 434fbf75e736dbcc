import { checkValue, formatViolation, ownData } from '@xcap/catalog';
import type { JsonObject, Schema } from '@xcap/catalog';
import { bridgeReasons } from './bridge-reasons.js';
import { copyJson } from './copy-json.js';

/** A native's answer once checked: its structured content (a plain JSON copy), or the isError reason to answer. */
export type CheckedNativeResult = { readonly ok: true; readonly structuredContent: JsonObject } | { readonly ok: false; readonly reason: string };

/**
 * The spec's CHECK step, for an answer nothing is trusted about. Only the
 * answer's own data properties are read (an inherited or getter `isError`
 * or `structuredContent` counts as absent). An
 * `isError` that is a non-empty string passes through as the reason; any
 * other `isError` except `false`, `null` or absent (e.g. MCP's `true`)
 * answers `nativeError`. Otherwise `structuredContent` is copied to plain
 * JSON and checked against `nativeOutputSchema`: anything off it, missing
 * or not JSON answers `badResult: <pointer> <keyword>` (a value that is not
 * JSON at all — a function, a cycle, a throwing getter — is a `type`
 * violation where it sits; an answer that is not an object, or has no
 * `structuredContent`, is `badResult: / type`).
 */
export function checkNativeResult(schema: Schema | null, answer: unknown): CheckedNativeResult {
  const top = readTop(answer);
  if (top === null) return { ok: false, reason: 'badResult: / type' };
  const { isError, structuredContent } = top;
  if (typeof isError === 'string' && isError !== '') return { ok: false, reason: isError };
  if (isError !== undefined && isError !== null && isError !== false) return { ok: false, reason: bridgeReasons.nativeError };

  const copy = copyJson(structuredContent);
  if (!copy.ok) return { ok: false, reason: `badResult: ${copy.pointer} type` };
  const value = copy.value;
  if (schema !== null) {
    const violation = checkValue(schema, value);
    if (violation !== null) return { ok: false, reason: `badResult: ${formatViolation(violation)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'badResult: / type' };
  return { ok: true, structuredContent: value };
}

/** The answer's own data properties `isError` and `structuredContent` (inherited ones and getters count as absent), or `null` for no object. */
function readTop(answer: unknown): { isError: unknown; structuredContent: unknown } | null {
  try {
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return null;
    return { isError: ownData(answer, 'isError'), structuredContent: ownData(answer, 'structuredContent') };
  } catch {
    return null;
  }
}
