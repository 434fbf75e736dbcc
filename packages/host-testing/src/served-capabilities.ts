import type { Catalog } from '@xcap/catalog';

/** The names of the catalog's capabilities host `host` may provide (those not marked `host`, and those marked with its name), in catalog order. */
export function servedCapabilities(catalog: Catalog, host: string | undefined): string[] {
  return catalog.capabilities.filter((c) => c.host === undefined || c.host === host).map((c) => c.name);
}
