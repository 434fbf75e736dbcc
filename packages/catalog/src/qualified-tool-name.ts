import type { CallFrom } from './call-types.js';

/**
 * The audit spelling of any called name (clarification 1): an agent's name
 * as called; a UI name with its first `_` turned into `__`
 * (`photos_pick` → `photos__pick`, `bluetooth_scan` → `bluetooth__scan`); a
 * UI name without `_` as called. It does not check the catalog, so unknown
 * calls are spelled the same way as known ones.
 */
export function qualifiedToolName(from: CallFrom, name: string): string {
  if (from !== 'ui') return name;
  const at = name.indexOf('_');
  return at === -1 ? name : `${name.slice(0, at)}__${name.slice(at + 1)}`;
}
