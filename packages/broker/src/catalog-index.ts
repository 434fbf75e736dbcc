/**
 * The per-catalog lookup tables every broker function reads: built once per
 * catalog object (a WeakMap cache), so a decision is a few Map lookups and
 * returns a prebuilt, frozen verdict.
 */
import type { Capability, Catalog, RefusalReason, Scope, ToolDef, Verdict } from '@xcap/catalog';

/** The prebuilt verdicts of one tool, one per way the broker can answer it. */
export interface ToolVerdicts {
  readonly call: Verdict;
  readonly ask: Verdict;
  readonly hostOnly: Verdict;
  readonly notDeclared: Verdict;
  readonly unavailable: Verdict;
  readonly originNotDeclared: Verdict;
  readonly needsForeground: Verdict;
  readonly consentDenied: Verdict;
  readonly consentNeeded: Verdict;
}

/** One tool of one capability as the broker sees it. */
export interface IndexedTool {
  readonly capability: Capability;
  /** The bare tool name (`pick`). */
  readonly tool: string;
  /** The first scope that lists the tool. */
  readonly scope: Scope;
  /** The tool's v1 contract, when `tools` has one (clarification 16). */
  readonly def: ToolDef | null;
  /** `<capability>__<tool>`. */
  readonly qualifiedName: string;
  readonly verdicts: ToolVerdicts;
}

/** The lookup tables of one catalog. */
export interface CatalogIndex {
  /** UI spelling (`photos_pick`) → tool; only names that split back to the same pair at the first `_`. */
  readonly uiNames: ReadonlyMap<string, IndexedTool>;
  /** Agent spelling (`photos__pick`) → tool; only names that split back to the same pair at the first `__`. */
  readonly agentNames: ReadonlyMap<string, IndexedTool>;
  /** Capability name → its tools by bare name. */
  readonly capabilities: ReadonlyMap<string, { readonly capability: Capability; readonly tools: ReadonlyMap<string, IndexedTool> }>;
  /** Scope id → scope and its capability. */
  readonly scopes: ReadonlyMap<string, { readonly scope: Scope; readonly capability: Capability }>;
}

/** The verdict every unknown call gets (frozen, shared). */
export const unknownVerdict: Verdict = Object.freeze({
  verdict: 'unknown',
  capability: null,
  tool: null,
  scope: null,
  reason: 'unknownTool',
});

const cache = new WeakMap<Catalog, CatalogIndex>();

/** The lookup tables of `catalog`, built on first use and cached per catalog object. */
export function catalogIndex(catalog: Catalog): CatalogIndex {
  let index = cache.get(catalog);
  if (index === undefined) {
    index = buildIndex(catalog);
    cache.set(catalog, index);
  }
  return index;
}

function buildIndex(catalog: Catalog): CatalogIndex {
  const defs = new Map<string, ToolDef>();
  for (const def of catalog.tools) defs.set(def.name, def);
  const uiNames = new Map<string, IndexedTool>();
  const agentNames = new Map<string, IndexedTool>();
  const capabilities = new Map<string, { capability: Capability; tools: Map<string, IndexedTool> }>();
  const scopes = new Map<string, { scope: Scope; capability: Capability }>();
  for (const capability of catalog.capabilities) {
    if (capabilities.has(capability.name)) continue;
    const tools = new Map<string, IndexedTool>();
    capabilities.set(capability.name, { capability, tools });
    for (const scope of capability.scopes) {
      if (!scopes.has(scope.id)) scopes.set(scope.id, { scope, capability });
      for (const tool of scope.tools) {
        if (tools.has(tool)) continue;
        const uiName = `${capability.name}_${tool}`;
        const entry: IndexedTool = {
          capability,
          tool,
          scope,
          def: defs.get(uiName) ?? null,
          qualifiedName: `${capability.name}__${tool}`,
          verdicts: verdictsFor(capability.name, tool, scope.id),
        };
        tools.set(tool, entry);
        if (splitsBack(uiName, '_', capability.name, tool)) uiNames.set(uiName, entry);
        if (splitsBack(entry.qualifiedName, '__', capability.name, tool)) agentNames.set(entry.qualifiedName, entry);
      }
    }
  }
  return { uiNames, agentNames, capabilities, scopes };
}

function splitsBack(name: string, separator: string, capability: string, tool: string): boolean {
  const at = name.indexOf(separator);
  return at === capability.length && name.slice(at + separator.length) === tool;
}

function verdictsFor(capability: string, tool: string, scope: string): ToolVerdicts {
  const make = (verdict: Verdict['verdict'], reason: RefusalReason | null): Verdict => Object.freeze({ verdict, capability, tool, scope, reason });
  return Object.freeze({
    call: make('call', null),
    ask: make('ask', null),
    hostOnly: make('denied', 'hostOnly'),
    notDeclared: make('denied', 'notDeclared'),
    unavailable: make('unavailable', 'unavailable'),
    originNotDeclared: make('denied', 'originNotDeclared'),
    needsForeground: make('denied', 'needsForeground'),
    consentDenied: make('denied', 'consentDenied'),
    consentNeeded: make('denied', 'consentNeeded'),
  });
}
