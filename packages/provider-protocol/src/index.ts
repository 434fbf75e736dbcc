/**
 * `@xcap/provider-protocol`: providers in any language. Spawns a provider
 * process, speaks the xcap provider protocol (JSON-RPC 2.0 over its
 * stdio, one message per line), checks what it describes against the
 * catalog and hands the call path ordinary natives.
 *
 * @packageDocumentation
 */
export { spawnProviders, defaultProviderMessageBytes, type ProviderCommand, type SpawnProvidersOptions, type SpawnedProviders } from './spawn-providers.js';
export { ProviderProcess, defaultMaxQueuedBytes, defaultStallMs, maxLoggedNotificationMethods, type ProviderProcessOptions } from './provider-process.js';
export { AnswerBudget, defaultAnswerBudgetBytes } from './answer-budget.js';
export type { ProviderProcessState } from './provider-process-state.js';
export { ProviderSetupError } from './provider-setup-error.js';
export { ProviderCallError } from './provider-call-error.js';
export { providerProtocolVersion } from './protocol-version.js';
export { readDescription, sameCapabilities, type ProviderDescription } from './provider-description.js';
export { checkDescription, nativeToolsOf } from './check-description.js';
export { omittedTools } from './omitted-tools.js';
export { parseCommandLine } from './parse-command-line.js';
export { printableLine } from './printable-line.js';
