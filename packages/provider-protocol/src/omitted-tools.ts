import type { Catalog } from '@xcap/catalog';
import { nativeToolsOf } from './check-description.js';
import type { ProviderDescription } from './provider-description.js';

/**
 * The native tools of the catalog a provider left out of the capabilities it
 * describes, by capability (bare names in catalog order, e.g.
 * `{ photos: ['get'] }`); a capability that leaves nothing out is absent. A
 * host still serves such a provider: each of these tools answers isError
 * `unavailable` without reaching it. `checkDescription` first: a capability
 * the catalog does not have is skipped here.
 */
export function omittedTools(catalog: Catalog, description: ProviderDescription): Readonly<Record<string, readonly string[]>> {
  const omitted: Record<string, string[]> = {};
  for (const [capability, tools] of Object.entries(description.capabilities)) {
    const missing = nativeToolsOf(catalog, capability).filter((tool) => !tools.includes(tool));
    if (missing.length > 0) omitted[capability] = missing;
  }
  return omitted;
}
