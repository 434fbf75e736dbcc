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
  type AuditMinute,
  type AuditRowJson,
  type CancelAnswer,
  type ConsentAnswer,
  type ConsentPending,
  type ConsoleAnswers,
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
export { ConsoleRequests, type ConsoleAnswerResult, type ConsoleAsk, type ConsoleRequestsOptions } from './console-requests.js';
export { startConsoleServer, type ConsolePhoto, type ConsoleServer, type ConsoleServerOptions } from './console-server.js';
export type { ConsoleStores } from './console-stores.js';
export { askConsent, type ConsentAsk } from './ask-consent.js';
export { askPhotos, type AskedPhoto, type PhotosAsk } from './ask-photos.js';
export { askOpen, type OpenAsk } from './ask-open.js';
export { askSave, type SaveAsk } from './ask-save.js';
export { askPrint, type PrintAsk } from './ask-print.js';
export { consoleConsentUi } from './console-consent-ui.js';
export { consoleListenPort } from './console-listen-port.js';
export { observedGrants } from './observed-grants.js';
export { auditMinutes } from './audit-minutes.js';
export { consolePageDir } from './console-page-dir.js';
