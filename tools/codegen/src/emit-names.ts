/** Emits `names.ts`: the catalog's names as const arrays and string-literal types. */
import type { Catalog } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { key, lit, qualified } from './naming.js';

/** Capability names, scope ids, UI and qualified tool names, and the maps between them. */
export function emitNames(catalog: Catalog): GeneratedFile {
  const capabilities = catalog.capabilities.map((c) => c.name);
  const scopes = catalog.capabilities.flatMap((c) => c.scopes.map((s) => s.id));
  const scopeTools = catalog.capabilities.flatMap((c) => c.scopes.flatMap((s) => s.tools.map((t) => `${c.name}_${t}`))).sort();
  const tools = catalog.tools.map((t) => t.name);
  const native = catalog.tools.filter((t) => t.runs === 'native').map((t) => t.name);
  const engine = catalog.tools.filter((t) => t.runs === 'engine').map((t) => t.name);
  const list = (names: readonly string[]) => (names.length ? `[\n${names.map((n) => `  ${lit(n)},`).join('\n')}\n] as const` : '[] as const');
  const content = `/** Every capability name of the catalog. */
export const capabilityNames = ${list(capabilities)};
/** A capability name. */
export type CapabilityName = (typeof capabilityNames)[number];

/** Every scope id of the catalog. */
export const scopeIds = ${list(scopes)};
/** A scope id (\`<capability>.<scope>\`). */
export type ScopeId = (typeof scopeIds)[number];

/** Every tool a scope lists, in the UI spelling, with or without a v1 contract. */
export const scopeToolNames = ${list(scopeTools)};
/** A tool a scope lists (UI spelling). */
export type ScopeToolName = (typeof scopeToolNames)[number];

/** Every tool with a v1 contract, in the UI spelling (\`photos_pick\`). */
export const toolNames = ${list(tools)};
/** A tool with a v1 contract (UI spelling). */
export type ToolName = (typeof toolNames)[number];

/** Every tool with a v1 contract, in the agent spelling (\`photos__pick\`). */
export const qualifiedToolNames = ${list(tools.map(qualified))};
/** A tool with a v1 contract (agent spelling). */
export type QualifiedToolName = (typeof qualifiedToolNames)[number];

/** The tools a host's native provider answers. */
export const nativeToolNames = ${list(native)};
/** A tool a native provider answers. */
export type NativeToolName = (typeof nativeToolNames)[number];

/** The tools the engine answers itself. */
export const engineToolNames = ${list(engine)};
/** A tool the engine answers itself. */
export type EngineToolName = (typeof engineToolNames)[number];

/** UI spelling → agent spelling. */
export const qualifiedNameOf: { readonly [K in ToolName]: QualifiedToolName } = {
${tools.map((t) => `  ${key(t)}: ${lit(qualified(t))},`).join('\n')}
};
`;
  return { path: 'names.ts', content };
}
