import type { CallFrom, Catalog, ParsedToolName } from '@xcap/catalog';
import { catalogIndex, type IndexedTool } from './catalog-index.js';

/**
 * Parses a called tool name into `{capability, tool}` (clarification 1): app
 * UI calls `<capability>_<tool>` (split at the first `_`), an agent calls
 * `<capability>__<tool>` (split at the first `__`). The parse succeeds only
 * when the capability exists and the tool is in one of its scopes; anything
 * else — including a wrong `from`, a non-string name or the other caller's
 * spelling, or a name longer than `maxToolNameLength` code points
 * (clarification 21) — is `null`. Never throws.
 */
export function parseToolName(catalog: Catalog, from: CallFrom, name: string): ParsedToolName | null {
  const found = lookupTool(catalog, from, name);
  return found === undefined ? null : { capability: found.capability.name, tool: found.tool };
}

/** The indexed tool a called name names, or `undefined` (the broker's fast path). */
export function lookupTool(catalog: Catalog, from: unknown, name: unknown): IndexedTool | undefined {
  if (typeof name !== 'string' || isOverlong(name)) return undefined;
  if (from === 'agent') return catalogIndex(catalog).agentNames.get(name);
  if (from === 'ui') return catalogIndex(catalog).uiNames.get(name);
  return undefined;
}

/** The longest tool name, in code points, that can name a tool (clarification 21); a longer one is unknown. */
export const maxToolNameLength = 128;

/** More than `maxToolNameLength` code points: a name longer than twice that in UTF-16 units is, without counting. */
function isOverlong(name: string): boolean {
  if (name.length <= maxToolNameLength) return false;
  if (name.length > 2 * maxToolNameLength) return true;
  let points = 0;
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < name.length) {
      const next = name.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    points++;
  }
  return points > maxToolNameLength;
}
