/**
 * `@xcap/codegen`: turns a capability catalog into the `@xcap/catalog`
 * package's generated code (types, validators, client, providers, native types).
 * @packageDocumentation
 */
export { generate } from './generate.js';
export type { Generation, GenerationMeta } from './generate.js';
export type { GeneratedFile } from './generated-file.js';
export { checkOutput, writeOutput, generatedDirs } from './write-output.js';
export type { OutputProblem } from './write-output.js';
export { generatorVersion } from './version.js';
