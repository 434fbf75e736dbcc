import type { GrantStore, ConsentNonceStore } from '@xcap/broker';
import type { AuditSink } from '@xcap/audit';
import type { BlobStore } from '@xcap/bridge';
import type { CallPath } from '@xcap/call';
import type { AuditCloseReport, AuditSpillReplay, DataPaths } from '@xcap/store-local';
import type { AppManifest } from './manifest/app-manifest.js';

/** A running Node host: its call path and the stores it opened. */
export interface NodeHost {
  /** The one call path (`call`, `listTools`); mount it on MCP with `mountCallPath` (`@xcap/mcp`). */
  readonly callPath: CallPath;
  /** The app served. */
  readonly app: AppManifest;
  /** Whether calls run in the foreground (a person is present). */
  readonly foreground: boolean;
  /** Where every store lives. */
  readonly paths: DataPaths;
  /** The grant store (`consent.json`, or the one given). */
  readonly grants: GrantStore;
  /** The app-file store (`files/`, or the one given). */
  readonly blobs: BlobStore;
  /** The audit sink (`audit.sqlite`, or the one given). */
  readonly audit: AuditSink;
  /**
   * The nonces of answered consent states (`consent-nonces.sqlite`, created
   * at the first claim, or the one given): give it to `createConsentState`
   * (`@xcap/mcp`) so each `requestState` is answered once on every server of
   * this store.
   */
  readonly consentNonces: ConsentNonceStore;
  /** The capabilities provided. */
  readonly provided: readonly string[];
  /** What the start replayed from the spill file (`audit-spill.jsonl`) into the audit log. */
  readonly auditReplay: AuditSpillReplay;
  /**
   * Stops the external commands (`lp`, `notify-send`, `gdbus`) this host's
   * Node providers started that are still running — never another host's in
   * the same process: each is killed (SIGKILL, its process group) and its
   * call ends with its defined outcome at once, `failure` = `reason`. For a
   * shutdown that cannot wait (`xcap serve` after its grace period).
   * Answers how many were stopped (always 0 with `natives` or a
   * `providerOptions.spawn` of your own, which this host does not run).
   */
  stopCommands(reason?: string): number;
  /**
   * Stops this host's external commands still running (`stopCommands`),
   * retries the pending audit rows once more, appends the rows still not
   * committed to the spill file (replayed at the next start), stops the
   * providers and closes the audit log; answers where the rows went. When
   * `lost` is not 0 — rows neither the log nor the spill file could keep —
   * the process must exit non-zero. Safe to call twice (same answer).
   */
  close(): Promise<AuditCloseReport>;
}
