/**
 * `@xcap/host-node`: the reference host for Node.js — durable stores (grants,
 * app files, a SQLite audit log), the native providers Node can offer, an MCP
 * server for agents and the `xcap` CLI, all over the one call path of
 * `@xcap/call`.
 * @packageDocumentation
 */
export { createNodeHost, startNodeHost, type StartingNodeHost } from './create-node-host.js';
export type { NodeHostOptions, HostNatives, HostStores } from './node-host-options.js';
export type { NodeHost } from './node-host.js';
export type { ConsentAskedIn, HostObserver, ObservedCall, ObservedConsent, ObservedConsentAnswer, ObservedHost } from './observe/host-observer.js';
export type { AppManifest } from './manifest/app-manifest.js';
export { appIdPattern, isAppId } from './manifest/app-id.js';
export { checkAppManifest, type AppManifestCheck } from './manifest/check-app-manifest.js';
export { readAppManifest } from './manifest/read-app-manifest.js';
export { ManifestError } from './manifest/manifest-error.js';
export { serveStdio, type ServeStdioOptions, type StdioServe } from './mcp/serve-stdio.js';
export { serveHttp, type HttpServe, type ServeHttpOptions } from './mcp/serve-http.js';
export type { HttpLimits } from './mcp/http-limits.js';
export type { ServeOAuthOptions } from './mcp/serve-oauth-options.js';
export {
  mountCallPath,
  mcpTool,
  mcpCallResult,
  newRunId,
  runIdPattern,
  elicitConsent,
  type ElicitConsentOptions,
  type MountCallPathOptions,
  type MountedCallPath,
} from '@xcap/mcp';
export { hostNodeVersion } from './mcp/host-node-version.js';
export { consentModes, type ConsentMode } from './consent/consent-mode.js';
export { dismissConsent } from './consent/dismiss-consent.js';
export { ttyConsent, staleInputMs, maxAnswerChars, type TtyConsentOptions, type TtyTerminal } from './consent/tty-consent.js';
export { runCli } from './cli/run-cli.js';
export { processIo, type CliIo } from './cli/cli-io.js';
export { CliFailure } from './cli/cli-failure.js';
export { terminalText } from './terminal-text.js';
export { QuotaExceededError } from '@xcap/bridge';
export { auditStateLine } from './audit-state-line.js';
export { nodeProviders, type NodeProviders, type NodeProvidersOptions } from './providers/node-providers.js';
export { createPhotosProvider, newestPhotos, type PhotoPicker, type PhotosProviderOptions } from './providers/photos-provider.js';
export type { LibraryPhoto } from './providers/library-photo.js';
export {
  createFilesProvider,
  folderOpenPicker,
  type FilesProviderOptions,
  type ListedFile,
  type OpenPicker,
  type OpenRequest,
  type SaveIntoFolder,
  type SavePicker,
  type SaveRequest,
} from './providers/files-provider.js';
export {
  createNotificationsProvider,
  maxTimerDelayMs,
  type NodeNotificationsProvider,
  type NotificationsProviderOptions,
  type NotificationTimers,
} from './providers/notifications-provider.js';
export { createPrintProvider, type PrintPicker, type PrintProviderOptions, type PrintRequest } from './providers/print-provider.js';
export { createShareProvider, type ShareAnswer, type ShareHook } from './providers/share-provider.js';
export { runCommand } from './providers/run-command.js';
export type { CommandOptions, CommandResult, CommandRunner } from './providers/command-runner.js';
export { createCommandGroup, type CommandGroup } from './providers/command-group.js';
