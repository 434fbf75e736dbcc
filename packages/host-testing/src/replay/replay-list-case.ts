import type { Catalog, ManifestEntry } from '@xcap/catalog';
import { agentToolList } from '@xcap/broker';
import type { CaseCheck } from './case-check.js';
import { required, type CaseRecord } from './case-fields.js';
import { sameJson } from './same-json.js';

/**
 * A `listCases` entry: `agentToolList`'s names must be exactly the expected
 * array, and every entry must carry its tool's catalog description and
 * schemas (else the entries themselves are reported).
 */
export function replayListCase(catalog: Catalog, c: CaseRecord): CaseCheck {
  const expected = required(c, 'expected');
  const list = agentToolList(catalog, { manifest: required(c, 'manifest') as ManifestEntry[], provided: required(c, 'provided') as string[] });
  const names = list.map((entry) => entry.name);
  const faithful = list.every((entry) => {
    const def = catalog.tools.find((tool) => tool.name === entry.name.replace('__', '_'));
    return (
      def !== undefined &&
      sameJson(Object.keys(entry), ['name', 'description', 'inputSchema', 'outputSchema'], true) &&
      entry.description === def.description &&
      sameJson(entry.inputSchema, def.inputSchema, true) &&
      sameJson(entry.outputSchema, def.outputSchema, true)
    );
  });
  if (!faithful) return { pass: false, expected, got: list };
  return { pass: sameJson(expected, names, true), expected, got: names };
}
