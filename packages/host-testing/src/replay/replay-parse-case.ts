import type { CallFrom, Catalog } from '@xcap/catalog';
import { parseToolName } from '@xcap/broker';
import type { CaseCheck } from './case-check.js';
import { required, requiredString, type CaseRecord } from './case-fields.js';
import { sameJson } from './same-json.js';

/** A `parseCases` entry: `parseToolName(catalog, from, name)` must answer `expected` (`{capability, tool}` or `null`). */
export function replayParseCase(catalog: Catalog, c: CaseRecord): CaseCheck {
  const expected = required(c, 'expected');
  const got = parseToolName(catalog, required(c, 'from') as CallFrom, requiredString(c, 'name'));
  return { pass: sameJson(expected, got, true), expected, got };
}
