import type { Catalog, ToolDef } from '@xcap/catalog';

/** Per catalog: its v1 tools by UI name (the first entry of a name wins). */
const toolsOf = new WeakMap<Catalog, ReadonlyMap<string, ToolDef>>();

/**
 * The catalog's v1 entry (`catalog.tools`) for a UI name, or `undefined`
 * when the tool has none; the name index is built once per catalog object.
 */
export function findTool(catalog: Catalog, tool: string): ToolDef | undefined {
  let byName = toolsOf.get(catalog);
  if (byName === undefined) {
    const index = new Map<string, ToolDef>();
    for (const def of catalog.tools) if (!index.has(def.name)) index.set(def.name, def);
    toolsOf.set(catalog, index);
    byName = index;
  }
  return byName.get(tool);
}
