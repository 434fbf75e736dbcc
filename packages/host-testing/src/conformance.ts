/**
 * `@xcap/host-testing/conformance`: the native conformance suite a platform
 * team wires into its own vitest run. It lives on its own entry point because
 * it registers tests with vitest (a peer dependency): importing the main
 * entry (the fake host, the replayer) never loads vitest.
 * @packageDocumentation
 */
export { runNativeConformance } from './conformance/run-native-conformance.js';
export type { NativeConformanceOptions, ConformanceSkip } from './conformance/native-conformance-options.js';
