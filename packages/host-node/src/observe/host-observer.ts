import type { AuditStatus } from '@xcap/audit';
import type { AuditState } from '@xcap/call';

/** Where a consent sheet was put to the person: the host's own UI (terminal, console) or the agent's client (elicitation). */
export type ConsentAskedIn = 'host' | 'client';

/**
 * How a consent sheet ended as its UI saw it: the person's `allowOnce`, `allow`, `deny`
 * or `dismiss` (a UI that threw or answered anything else counts as
 * `dismiss`, as for the call path); `timeout` when the call path stopped
 * waiting at the sheet's deadline; `cancelled` when every call waiting on it
 * was cancelled first.
 */
export type ObservedConsentAnswer = 'allowOnce' | 'allow' | 'deny' | 'dismiss' | 'timeout' | 'cancelled';

/** One answered call, as a `HostObserver` is told of it. */
export interface ObservedCall {
  /** The audit row's qualified tool name (`photos__list`; for an unknown tool the name as called, clipped). */
  readonly tool: string;
  /** The audit row's status. */
  readonly status: AuditStatus;
  /** From `CallPath.call` to its answer, in seconds. */
  readonly seconds: number;
}

/** One consent sheet that ended, as a `HostObserver` is told of it. */
export interface ObservedConsent {
  /** Where the person was asked. */
  readonly askedIn: ConsentAskedIn;
  /** How it ended. */
  readonly answer: ObservedConsentAnswer;
  /** From the sheet's opening to its end, in seconds: the time the call waited for a person. */
  readonly seconds: number;
}

/** What a `HostObserver` reads from the host whenever it likes (a scrape), once the host is open. */
export interface ObservedHost {
  /** Audit rows not yet committed (the call path's queue). */
  pendingAudit(): number;
  /** The audit trail's state (`ok`, `suspended`, `failing`). */
  auditState(): AuditState;
  /** Rows the start replayed from the spill file into the audit log, and lines of it that were not rows (kept in the file). */
  readonly auditSpill: { readonly replayed: number; readonly invalid: number };
  /** How many times each provider process (`--providers-command`, by its command's file name) was restarted after it died; empty without them. */
  providerRestarts(): ReadonlyMap<string, number>;
}

/**
 * A typed observer of a Node host (`NodeHostOptions.observer`), for metrics:
 * told of every call as it starts and ends, of every consent sheet as it
 * ends, and given the host once it is open to read its gauges. Every method
 * is optional; one that throws changes nothing of a call (the error is
 * ignored). Called synchronously on the call's path: keep it cheap.
 */
export interface HostObserver {
  /** A call reached the call path (counted in flight until `callEnded`). */
  callStarted?(): void;
  /** A call was answered (after its audit row); `undefined` when `CallPath.call` threw on a malformed request (no row). */
  callEnded?(call: ObservedCall | undefined): void;
  /** A consent sheet ended. */
  consentEnded?(consent: ObservedConsent): void;
  /** The host is open (its stores, its call path): what can be read of it from now on. */
  opened?(host: ObservedHost): void;
}
