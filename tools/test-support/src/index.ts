/**
 * `@xcap/test-support` (private): what the tests of several workspace
 * packages share — a private PostgreSQL server for the store tests, the
 * benches and the guides' examples, and the provider fixtures — so that no
 * test reaches into another package's test folder by a relative path.
 * @packageDocumentation
 */
export {
  findPostgresBin,
  freePort,
  noPostgresHelp,
  startPostgresServer,
  testUser,
  type PostgresServer,
  type PostgresServerOptions,
} from './postgres-server.js';
export { tempDir } from './temp-dir.js';
export { listeningUrl, type Listening } from './listening-url.js';
export { sendBodyAfterAnswer, type EarlyAnswer } from './send-body-after-answer.js';
export { childEnd, runChild, startChild, type ChildEnd } from './run-child.js';
export { scriptedAuditSink, type ScriptedAuditEntry, type ScriptedAuditSink } from './scripted-audit-sink.js';
export { useUmask } from './use-umask.js';
export { nodeProviderPath, pythonProviderPath } from './provider-fixtures.js';
export { hostileValue, type HostileValueOptions } from './hostile-value.js';
export { consumerCompilerOptions } from './consumer-compiler-options.js';
export { startAuthorizationServer, type AuthorizationServer, type AuthorizationServerOptions } from './authorization-server.js';
export { launchChromium, type LaunchedChromium } from './launch-chromium.js';
export { prometheusPath, startPrometheus, type PrometheusServer } from './prometheus-server.js';
export { errorOf, type ErrorClass, type ErrorOf } from './error-of.js';
export { buildStamp, bundleInputs, ensureFreshBuild, ensureFreshBuilds, repoRoot, staleReason, type BuildOutput } from './ensure-fresh-build.js';
export { buildOutput, buildOutputsRunBy, conformanceCli, consolePage, packageDist, workspaceSources, xcapBundle } from './build-outputs.js';
