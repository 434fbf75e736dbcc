/**
 * `@xcap/host-testing/conformance/node-test`: the native conformance suite
 * for Node's own test runner (`node --test`). Same suite, same options and
 * same test names as the vitest entry `@xcap/host-testing/conformance`,
 * generated from the same case list (`nativeConformanceSuite`); this entry
 * never loads vitest.
 * @packageDocumentation
 * @module @xcap/host-testing/conformance/node-test
 */
export { runNativeConformance } from './conformance/run-native-conformance-node-test.js';
export { nativeConformanceSuite } from './conformance/native-conformance-suite.js';
export { ConformanceFailure } from './conformance/conformance-failure.js';
export type { ConformanceNode, ConformanceGroup, ConformanceTest } from './conformance/conformance-node.js';
export type { NativeConformanceOptions, ConformanceSkip } from './conformance/native-conformance-options.js';
