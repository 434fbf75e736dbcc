/**
 * `@xcap/host-testing/conformance`: the native conformance suite a platform
 * team wires into its own vitest run. It lives on its own entry point because
 * it registers tests with vitest (a peer dependency): importing the main
 * entry (the fake host, the replayer) never loads vitest. For Node's own
 * runner, `@xcap/host-testing/conformance/node-test` has the same
 * `runNativeConformance` over `node:test`.
 * @packageDocumentation
 * @module @xcap/host-testing/conformance
 */
export { runNativeConformance } from './conformance/run-native-conformance.js';
export { nativeConformanceSuite } from './conformance/native-conformance-suite.js';
export { ConformanceFailure } from './conformance/conformance-failure.js';
export type { ConformanceNode, ConformanceGroup, ConformanceTest } from './conformance/conformance-node.js';
export type { NativeConformanceOptions, ConformanceSkip } from './conformance/native-conformance-options.js';
export { runStoreConformance } from './conformance/run-store-conformance.js';
export { storeConformanceSuite } from './conformance/store-conformance-suite.js';
export type { StoreConformanceOptions, StoresUnderTest, StoreConformanceAuditRow } from './conformance/store-conformance-options.js';
