import type { Catalog, ManifestEntry } from '@xcap/catalog';

/**
 * A manifest declaring every non-host-only scope of the given capabilities
 * (`why` = `Test: <scope>`; an origins scope lists `https://example.com`):
 * the fake host's default, so every provided tool is reachable.
 */
export function declareAll(catalog: Catalog, capabilities: readonly string[]): ManifestEntry[] {
  const entries: ManifestEntry[] = [];
  for (const capability of catalog.capabilities) {
    if (!capabilities.includes(capability.name)) continue;
    for (const scope of capability.scopes) {
      if (scope.hostOnly === true) continue;
      entries.push(
        scope.origins === true ? { id: scope.id, why: `Test: ${scope.id}`, origins: ['https://example.com'] } : { id: scope.id, why: `Test: ${scope.id}` },
      );
    }
  }
  return entries;
}
