import type { CallFrom, Catalog, ParsedToolName } from '@xcap/catalog';
import { catalogIndex, type IndexedTool } from './catalog-index.js';

/**
 * Parses a called tool name into `{capability, tool}` (clarification 1): app
 * UI calls `<capability>_<tool>` (split at the first `_`), an agent calls
 * `<capability>__<tool>` (split at the first `__`). The parse succeeds only
 * when the capability exists and the tool is in one of its scopes; anything
 * else — including a wrong `from`, a non-string name or the other caller's
 * spelling — is `null`. Never throws.
 */
export function parseToolName(catalog: Catalog, from: CallFrom, name: string): ParsedToolName | null {
  const found = lookupTool(catalog, from, name);
  return found === undefined ? null : { capability: found.capability.name, tool: found.tool };
}

/** The indexed tool a called name names, or `undefined` (the broker's fast path). */
export function lookupTool(catalog: Catalog, from: unknown, name: unknown): IndexedTool | undefined {
  if (typeof name !== 'string') return undefined;
  if (from === 'agent') return catalogIndex(catalog).agentNames.get(name);
  if (from === 'ui') return catalogIndex(catalog).uiNames.get(name);
  return undefined;
}
