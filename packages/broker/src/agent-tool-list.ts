import { ownData, type Catalog, type ManifestEntry, type Schema, type ToolAnnotations } from '@xcap/catalog';
import { catalogIndex } from './catalog-index.js';

/** One entry of an agent's tools/list: the qualified name with the tool's v1 description and schemas. */
export interface AgentTool {
  /** `<capability>__<tool>`. */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly outputSchema: Schema;
  /** The tool's human title (the catalog tool's `title`, from the tool table codegen reads), when the catalog has one. */
  readonly title?: string;
  /** The tool's MCP behaviour hints (the catalog tool's `annotations`), when the catalog has them. */
  readonly annotations?: ToolAnnotations;
}

/**
 * An agent's tools/list: every tool of a scope the manifest declares and the
 * host provides, host-only scopes excluded, sorted by qualified name (UTF-16
 * code-unit order). A declared scope whose grant is `denied` stays listed
 * (its calls answer `consentDenied`). A tool without a v1 entry in `tools`
 * stays out: it has no schema to describe it with (clarification 16).
 * Schemas are the catalog's own objects, shared, not copied.
 */
export function agentToolList(catalog: Catalog, input: { readonly manifest: readonly ManifestEntry[]; readonly provided: readonly string[] }): AgentTool[] {
  const index = catalogIndex(catalog);
  const provided: unknown = input.provided;
  const manifest: unknown = input.manifest;
  if (!Array.isArray(provided) || !Array.isArray(manifest)) return [];
  const providedNames = new Set<unknown>(provided);
  const listed = new Map<string, AgentTool>();
  for (const entry of manifest as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const id = ownData(entry, 'id');
    const found = typeof id === 'string' ? index.scopes.get(id) : undefined;
    if (found === undefined || found.scope.hostOnly === true || !providedNames.has(found.capability.name)) continue;
    const tools = index.capabilities.get(found.capability.name)?.tools;
    for (const tool of found.scope.tools) {
      const indexed = tools?.get(tool);
      if (indexed === undefined || indexed.def === null || indexed.scope !== found.scope) continue;
      const { def } = indexed;
      listed.set(indexed.qualifiedName, {
        name: indexed.qualifiedName,
        description: def.description,
        inputSchema: def.inputSchema,
        outputSchema: def.outputSchema,
        ...(def.title === undefined ? {} : { title: def.title }),
        ...(def.annotations === undefined ? {} : { annotations: def.annotations }),
      });
    }
  }
  return [...listed.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
