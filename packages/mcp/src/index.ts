/**
 * `@xcap/mcp`: the MCP face of any xcap host. Mounts a call path on an MCP
 * SDK v2 server for both protocol eras (2025-11-25 and 2026-07-28), asks
 * consent inside the agent's client (elicitation, `input_required`) and
 * serves Streamable HTTP behind token (static or OAuth 2.1), Origin and Host checks. No stores, no
 * providers, no native modules.
 *
 * @packageDocumentation
 */
export {
  createHttpHandler,
  defaultMaxBodyBytes,
  type HttpHandlerOptions,
  type HttpRequestContext,
  type HttpServerContext,
  type XcapHttpHandler,
} from './http/create-http-handler.js';
export type { OAuthOptions } from './http/oauth-options.js';
export { oauthUrlProblem, oauthUrlRule } from './http/oauth-url-problem.js';
export type { OAuthIdentity } from './http/oauth-identity.js';
export { oauthClientId } from './http/oauth-client-id.js';
export { protectedResourceMetadata, type ProtectedResourceMetadata } from './http/protected-resource-metadata.js';
export { resourceMetadataUrl } from './http/resource-metadata-url.js';
export { FairGate, type FairGateOptions, type Release } from './http/fair-gate.js';
export { isLoopbackHostname, loopbackHosts } from './http/loopback.js';
export { parseAllowedHost, type AllowedHost } from './http/parse-allowed-host.js';
export { hostAllowed } from './http/check-host.js';
export { originAllowed, type OriginPolicy } from './http/check-origin.js';
export { declaredTooLarge, readLimitedBody } from './http/read-limited-body.js';
export { isOriginHostName } from './http/is-origin-host-name.js';
export { mountCallPath, consentInputKey, type McpConsent, type McpEra, type MountCallPathOptions, type MountedCallPath } from './mount-call-path.js';
export { serveStdioCallPath, defaultInputEndGraceMs, type StdioCallPath, type StdioCallPathOptions, type StdioEnd } from './serve-stdio-call-path.js';
export { LineTransport, defaultMaxInFlight, defaultMaxMessageBytes, type LineTransportEnd, type LineTransportOptions } from './line-transport.js';
export type { ReadingState } from './reading-state.js';
export type { WritingState } from './writing-state.js';
export { readMessage, type ReadMessage } from './readable-message.js';
export type { ReceivedToolsCall } from './tools-call-requests.js';
export { RefusedCallWatch, type RefusedCallWatchOptions, type RefusedToolsCall } from './refused-call-watch.js';
export type { RefusalAudit } from './refusal-audit.js';
export {
  createConsentState,
  defaultConsentStateTtlSeconds,
  type ConsentQuestion,
  type ConsentState,
  type ConsentStateOptions,
  type SignedConsentQuestion,
} from './consent-state.js';
export { argumentsText, consentFormMessage, consentFormReply, consentFormSchema, maxArgumentChars, maxArgumentsShown } from './consent-form.js';
export { agentLabel, agentText, httpVia, maxAgentNameChars, maxAgentVersionChars } from './agent-label.js';
export { LastClientInfo, maxRememberedClients, type ClientInfo } from './http/last-client-info.js';
export {
  defaultProgressIntervalMs,
  maxProgressIntervalMs,
  minProgressIntervalMs,
  progressTokenOf,
  progressWhileWaiting,
  waitingProgressMessage,
  type ProgressNotice,
  type ProgressWhileWaitingOptions,
} from './progress-while-waiting.js';
export { elicitConsent, type ElicitConsentOptions } from './elicit-consent.js';
export { mcpTool } from './mcp-tool.js';
export { mcpCallResult } from './mcp-call-result.js';
export { newRunId, runIdPattern } from './run-id.js';
