import type { Catalog, Scope } from '@xcap/catalog';
import { catalogIndex } from './catalog-index.js';

/** The scope that lists `tool` (a bare tool name) in `capability`, or `null` when there is none. */
export function findScope(catalog: Catalog, capability: string, tool: string): Scope | null {
  return catalogIndex(catalog).capabilities.get(capability)?.tools.get(tool)?.scope ?? null;
}
