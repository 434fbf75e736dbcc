/**
 * `@xcap/console`: the person's side of a host — a local web page where a
 * person answers consent sheets and pickers and sees grants, tokens and
 * the audit log. `ConsoleRequests` is the registry of requests waiting for
 * the person, `startConsoleServer` serves it (and the page, built into
 * `dist/console-page/`) on 127.0.0.1, and `console-contract` is the one
 * typed HTTP contract the server and the page both import. The HTTP guards
 * (Host, Origin, body limit, connection guard) are `@xcap/mcp`'s.
 *
 * @packageDocumentation
 */
export {
  consoleEvents,
  consoleLimits,
  consolePendingKinds,
  consoleRoutes,
  consoleSession,
  pendingFields,
  sharedFields,
  type AgentJson,
  type AuditMinute,
  type AuditRowJson,
  type CancelAnswer,
  type ConsentAnswer,
  type ConsentPending,
  type ConsoleAnswers,
  type ConsoleEnded,
  type ConsoleEndedWhy,
  type ConsoleEvents,
  type ConsoleLagged,
  type ConsoleMode,
  type ConsolePendingKind,
  type ConsoleRoute,
  type ConsoleRouteBodies,
  type ConsoleRouteId,
  type ConsoleState,
  type ErrorBody,
  type GrantJson,
  type OkBody,
  type OpenAnswer,
  type OpenPending,
  type Pending,
  type PendingArgument,
  type PendingBase,
  type PendingFields,
  type PendingFile,
  type PendingOf,
  type PendingPhoto,
  type PhotosAnswer,
  type PhotosPending,
  type PrintAnswer,
  type PrintPending,
  type SaveAnswer,
  type SavePending,
  type TokenJson,
} from './console-contract.js';
export { ConsoleBusyError, ConsoleRequests, type ConsoleAnswerResult, type ConsoleAsk, type ConsoleRequestsOptions } from './console-requests.js';
export { startConsoleServer, type ConsolePhoto, type ConsoleServer, type ConsoleServerOptions } from './console-server.js';
export type { ConsoleStores } from './console-stores.js';
export { askConsent, type ConsentAsk } from './ask-consent.js';
export { askPhotos, type AskedPhoto, type PhotosAsk } from './ask-photos.js';
export { askOpen, type OpenAsk } from './ask-open.js';
export { askSave, type SaveAsk } from './ask-save.js';
export { askPrint, type PrintAsk } from './ask-print.js';
export { consoleConsentUi, type ConsoleConsentUiOptions } from './console-consent-ui.js';
export { consentArguments, type DescribeFile, type FileDescription } from './consent-arguments.js';
export { consoleListenPort } from './console-listen-port.js';
export { observedGrants } from './observed-grants.js';
export { auditMinutes } from './audit-minutes.js';
export { consolePageDir } from './console-page-dir.js';
export { agentWords, askParts, askSentence, scopeWords, taskWords, type AskParts } from './ask-sentence.js';
export type { AskedBy, ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
export { answerParsers, isRefusedAnswer, type AnswerParser, type AnswerValues, type RefusedAnswer } from './answer-parsers.js';
export {
  readConsoleMessage,
  readHostMessage,
  relayLimits,
  type RelayAgent,
  type RelayAskMessage,
  type RelayConsoleMessage,
  type RelayHostMessage,
} from './relay-protocol.js';
export { RelayAsker, type RelayAskerOptions } from './relay-asker.js';
export { askRelayed, type RelayedAskOptions, type RelayedEnd } from './relay-console-side.js';
export { RelayLines } from './relay-lines.js';
export { prepareRelayDir, relayDir, relayPathProblem, relaySocketPath } from './relay-socket-dir.js';
export { RelayRefusedError } from './relay-refused-error.js';
export { startSocketRelay, type SocketRelay, type SocketRelayOptions } from './relay-socket-server.js';
export { connectSocketRelay, type SocketRelayClient, type SocketRelayClientOptions } from './relay-socket-client.js';
