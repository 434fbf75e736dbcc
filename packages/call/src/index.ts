/**
 * `@xcap/call`: the one call path every host uses for every tool call, from
 * app UI or an agent — decide, consent, bridge, audit.
 * @packageDocumentation
 */
export { createCallPath } from './create-call-path.js';
export { maxOpenSheetsPerAgent } from './max-open-sheets-per-agent.js';
export type { CallPath } from './call-path.js';
export type { CallPathOptions } from './call-path-options.js';
export type { CallPathProviders, ProvidersFor, LenientProvider, ProviderName } from './call-path-providers.js';
export type { CallRequest, UiCallRequest, AgentCallRequest } from './call-request.js';
export type { CallAnswer, CallResultAnswer, CallRpcErrorAnswer } from './call-answer.js';
export { defaultConsentTimeoutMs, type ConsentUi, type ConsentRequest, type ConsentChoice, type ConsentTool } from './consent-ui.js';
export type { HostApp } from './host-app.js';
export type { NativeProviders } from './native-providers.js';
export type { AgentLabel, NativeContext } from '@xcap/catalog';
export type { PendingAuditRow } from './pending-audit-row.js';
export { auditFailedText, defaultAuditFailure, type AuditState, type AuditStateChange, type AuditFailurePolicy } from './audit-state-change.js';
export {
  AuditQueue,
  defaultAuditTimeoutMs,
  defaultMaxPendingAudit,
  auditRetryFirstDelayMs,
  auditRetryMaxDelayMs,
  auditRetryConcurrency,
  type AuditQueueOptions,
  type AuditQueueState,
  type AuditQueueStateChange,
} from './audit-queue.js';
export { HostSetupError } from './host-setup-error.js';
export { invalidParamsCode } from './invalid-params-code.js';
export { refusalText } from './refusal-text.js';
export { resolveNative } from './resolve-native.js';
export { checkCallPathOptions, type CallPathOptionsCheck } from './check-call-path-options.js';
export { callAuditRow } from './call-audit-row.js';
export { snapshotArguments, type ArgumentsSnapshot } from './snapshot-arguments.js';
export { timedBlobStore, defaultBlobTimeoutMs } from './timed-blob-store.js';
export { timedGrantStore, defaultGrantTimeoutMs } from './timed-grant-store.js';
