/**
 * `@xcap/catalog/core`: the hand-written part of the catalog package — the
 * catalog and call types, `loadCatalog`, the schema engine and the native
 * input shapes — without the generated code. The generator imports this, so
 * it can run even when the generated folder is missing or stale.
 * @packageDocumentation
 */
export * from './catalog-types.js';
export * from './call-types.js';
export { CatalogError } from './catalog-error.js';
export type { CatalogProblemInit } from './catalog-error.js';
export type { CatalogProblem } from './catalog-problem.js';
export { catalogNestingLimit, catalogSizeLimit } from './load/check-nesting.js';
export { loadCatalog, hubServerNamePattern, toolNamePattern, engineTools } from './load-catalog.js';
export { deepFreeze } from './deep-freeze.js';
export { pointerAppend, printPointer } from './json-pointer.js';
export { nativeInputSchema, nativeInputShapes } from './native-input-schema.js';
export type { FromInput, NativeShape } from './native-input-schema.js';
export { ToolCallError } from './tool-call-error.js';
export { callTool } from './call-tool.js';
export type { ToolInvocation, ToolInvoke } from './call-tool.js';
export * from './schema/index.js';
export { qualifiedToolName } from './qualified-tool-name.js';
export { ownData } from './own-data.js';
export { parseJsonText } from './parse-json-text.js';
export { closestKey } from './load/closest-key.js';
export { JsonTextError } from './json-text-error.js';
