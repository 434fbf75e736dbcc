import type { Catalog, ToolDef } from '@xcap/catalog';

/** The tools of `capability` a host's provider answers (`runs: native`), in catalog order. */
export function nativeTools(catalog: Catalog, capability: string): ToolDef[] {
  return catalog.tools.filter((def) => def.runs === 'native' && def.name.startsWith(`${capability}_`));
}
