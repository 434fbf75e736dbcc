/**
 * `@xcap/demo`: the xcap story end to end on the fake host (`npm run demo`).
 * @packageDocumentation
 */
export { runDemo, type DemoOptions, type DemoResult } from './run-demo.js';
export { albumBlocks, type AlbumPhoto } from './album-blocks.js';
export { auditTable } from './audit-table.js';
export { DemoError } from './demo-error.js';
