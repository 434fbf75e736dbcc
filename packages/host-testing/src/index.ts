/**
 * `@xcap/host-testing`: a scriptable fake host over the real call path, the
 * case replayer (`replayCases`, the `xcap-conformance` CLI) and the native
 * conformance suite platform teams run against their providers (its
 * `runNativeConformance` is on the `@xcap/host-testing/conformance` entry,
 * so this one never loads vitest).
 * @packageDocumentation
 * @module @xcap/host-testing
 */
export { createFakeHost } from './create-fake-host.js';
export type { FakeHost, FakeCallRequest, NativeCall } from './fake-host.js';
export type { FakeHostOptions, FakeBlob } from './fake-host-options.js';
export type { NativeScript } from './native-script.js';
export { scriptedNative } from './scripted-native.js';
export { ScriptedConsentUi, type ConsentScript } from './scripted-consent-ui.js';
export { RecordingAuditSink } from './recording-audit-sink.js';
export { fakeProviders, type FakeProviders } from './fake-providers.js';
export { declareAll } from './default-manifest.js';
export { counterHex } from './counter-hex.js';
export { fixedClock } from './fixed-clock.js';
export { encodePng, type Rgb } from './encode-png.js';
export { samplePhotos, type SamplePhoto } from './sample-photos.js';
export { sampleNatives } from './sample-natives.js';
export { replayCases } from './replay/replay-cases.js';
export type { ReplayReport, ReplayFailure, ReplayedCase } from './replay/replay-report.js';
export { failureLine } from './replay/failure-line.js';
export { sameJson } from './replay/same-json.js';
export { runConformanceCli, conformanceExit, type CliOutput, type CliSources } from './cli/run-conformance-cli.js';
export { parseCliArgs, type CliArgs } from './cli/cli-args.js';
export { cliUsage } from './cli/cli-usage.js';
export { runProvidersConformance, providersUsage, type ProvidersCliOutput } from './cli/run-providers-conformance.js';
export { parseProvidersArgs, defaultProvidersTimeoutMs, type ProvidersCliArgs } from './cli/providers-cli-args.js';
export { runConformanceTree, type ConformanceTestResult } from './cli/run-conformance-tree.js';
export { providersJsonReport, providersJunitReport, countResults, type ProviderUnderTest } from './cli/providers-reports.js';
export { builtinCasesPath, loadBuiltinCases, type BuiltinCases } from './cli/builtin-cases.js';
export { jsonReport } from './cli/json-report.js';
export { junitReport } from './cli/junit-report.js';
export type { DocumentResult } from './cli/document-result.js';
export type { NativeConformanceOptions, ConformanceSkip } from './conformance/native-conformance-options.js';
export { sampleArguments, type SampleArguments } from './conformance/sample-arguments.js';
export { sampleValue, sampleText } from './conformance/sample-value.js';
export { captureNativeInput, sampleContext, type CapturedInput } from './conformance/capture-native-input.js';
export { checkNativeAnswer } from './conformance/check-native-answer.js';
