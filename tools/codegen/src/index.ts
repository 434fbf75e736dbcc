/**
 * `@xcap/codegen`: turns a capability catalog into typed modules (types,
 * validators, tool client, host-provider interfaces) and native Swift and
 * Kotlin types — into the `@xcap/catalog` package itself or into a folder of
 * a host team's own project that imports only `@xcap/catalog/runtime`.
 * The `xcap-codegen` command runs it.
 * @packageDocumentation
 */
export { generate } from './generate.js';
export type { Generation, GenerationMeta } from './generate.js';
export { readToolTable, toolTableFileName, toolTitleMaxLength, ToolTableError, withToolTable } from './tool-table.js';
export type { ToolTableRow, ToolTableText } from './tool-table.js';
export type { GeneratedFile } from './generated-file.js';
export type { OutputLayout } from './layout.js';
export { runtimeSpecifier } from './layout.js';
export { assertStandaloneFolder, checkOutput, detectLayout, generatedDirs, ownedDirs, writeOutput } from './write-output.js';
export type { OutputProblem } from './write-output.js';
export { kotlinPackage, swiftModule } from './emit-native.js';
export { generatorVersion } from './version.js';
