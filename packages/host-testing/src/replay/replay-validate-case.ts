import type { Catalog } from '@xcap/catalog';
import { validateArguments } from '@xcap/bridge';
import type { CaseCheck } from './case-check.js';
import { required, requiredString, type CaseRecord } from './case-fields.js';
import { sameJson } from './same-json.js';

/**
 * A `validateCases` entry: `validateArguments` must answer exactly
 * `{error}` (the same text) or `{arguments}` (the same data with defaults;
 * key order is not locked here, the bytes a native receives are not).
 */
export function replayValidateCase(catalog: Catalog, c: CaseRecord): CaseCheck {
  const expected = required(c, 'expected');
  const answer = validateArguments(catalog, requiredString(c, 'tool'), c['arguments']);
  const got = answer.error !== undefined ? { error: answer.error } : { arguments: answer.arguments };
  return { pass: sameJson(expected, got, false), expected, got };
}
