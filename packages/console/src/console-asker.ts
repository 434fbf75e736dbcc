import type { ConsoleAsk } from './console-requests.js';
import type { RelayAgent } from './relay-protocol.js';

/**
 * Where a person answers consent sheets and pickers: `ConsoleRequests` (the
 * console of this process) or a relay client (`connectSocketRelay`,
 * `connectPostgresRelay` of `@xcap/store-postgres`) that hands each request
 * to a running `xcap console`. The consent UI and the pickers take this, so
 * they do not care where the person answers.
 */
export interface ConsoleAsker {
  /** Puts `request` to the person and answers what they chose (read by `request.parse`), or `request.fallback`. */
  ask<T>(request: ConsoleAsk<T>): Promise<T>;
}

/** Who asks and whether the sheet detached, as the console contract's `ConsoleAsk` carries them (`agent`, `agentKey`, `detached`). */
export interface AskedBy {
  /** Who asks, or `null` (the app's own UI); absent is `null`. */
  readonly agent?: RelayAgent | null;
  /** The audit client id of the agent, or `ui` (the per-agent bounds); absent is `ui`. */
  readonly agentKey?: string;
  /** Aborts when no call waits any more but the sheet stays open. */
  readonly detached?: AbortSignal;
}

/** A request as the consent UI and the pickers give it, with who asks. */
export type RelayedConsoleAsk<T> = ConsoleAsk<T> & AskedBy;
