import type { Catalog } from '@xcap/catalog';
import type { AuditRow, AuditSink } from '@xcap/audit';
import type { AuditFailurePolicy, AuditStateChange } from './audit-state-change.js';
import type { GrantStore } from '@xcap/broker';
import type { BlobStore } from '@xcap/bridge';
import type { ConsentUi } from './consent-ui.js';
import type { HostApp } from './host-app.js';
import type { CallPathProviders } from './call-path-providers.js';
import type { NativeProviders } from './native-providers.js';

/**
 * The one object a host brings to get its call path. `P` is the type of
 * `provided` and `R` that of `providers`: a literal list of built-in
 * capability names types `providers` from the generated `HostProviders`
 * (see `CallPathProviders`); the defaults are the untyped form for catalogs
 * loaded at run time.
 */
export interface CallPathOptions<P extends readonly string[] = readonly string[], R extends object = NativeProviders> {
  /** The capability catalog (`catalog` from `@xcap/catalog`, or one `loadCatalog` checked). */
  readonly catalog: Catalog;
  /** The app this call path serves; its manifest is validated when the call path is created. */
  readonly app: HostApp;
  /** This host's name (e.g. `ede`): capabilities marked `host` in the catalog may be provided only by that host. */
  readonly host?: string;
  /** The capabilities this host provides (capability names). */
  readonly provided: P;
  /** The host's natives: `providers[capability][tool](nativeInput)`; every provided capability with native tools needs its object with every method. */
  readonly providers: R & CallPathProviders<P, R>;
  /** The app-file store (`fileId`s read, returned bytes written). */
  readonly blobs: BlobStore;
  /** Where consent answers persist; only `consentAnswer` writes it. */
  readonly grants: GrantStore;
  /** Where every call's one audit row goes. */
  readonly audit: AuditSink;
  /** The host's consent sheet, shown only in the foreground for an undecided `ask` scope. */
  readonly consent: ConsentUi;
  /** The host's clock (stamps queued audit rows). */
  readonly clock: () => Date;
  /** 32 lowercase hex digits from a CSPRNG, for generated ids (a notification without `id`). */
  readonly randomHex: () => string;
  /** How long a native may take before the call ends `timeout` (the bridge's default when absent). */
  readonly timeoutMs?: number;
  /** How long one audit write may take before the row counts as unwritten and is queued (default 5000). */
  readonly auditTimeoutMs?: number;
  /** How long one blob store `get`, `put` or `remove` may take before it counts as failed (`storeFailed`; default 10000). */
  readonly blobTimeoutMs?: number;
  /** How long one grant store `get` or `set` may take before it counts as failed (undecided / `consentNeeded`; default 10000). */
  readonly grantTimeoutMs?: number;
  /** How long the consent UI may take to answer before it counts as `dismiss` (default 120000): a sheet's `deadline`. */
  readonly consentTimeoutMs?: number;
  /**
   * How long an agent's call waits on a consent sheet before it answers as
   * dismissed (`denied: consentNeeded`, its audit row) while the sheet stays
   * open until its deadline (`consentTimeoutMs`); an answer after that
   * applies to the agent's next call (`ConsentRequest.detached`). A call
   * with `waitsLong` and a call from the app's UI wait the whole consent
   * timeout. Positive ms or `Infinity`; default `consentTimeoutMs` (a call
   * waits as long as the sheet is open).
   */
  readonly consentWaitMs?: number;
  /** How many unwritten audit rows the call path holds before it refuses new calls `unavailable` (default 10000). */
  readonly maxPendingAudit?: number;
  /** Told about every failed audit write (the row stays queued). */
  readonly onAuditError?: (error: unknown, row: AuditRow) => void;
  /**
   * What happens while audit rows cannot be committed (default `suspend`):
   * `suspend` refuses new calls `unavailable` until a write succeeds again,
   * and a call whose own row was not committed answers
   * `unavailable: auditFailed` instead of its result; `ignore` answers
   * normally and keeps the rows queued.
   */
  readonly auditFailure?: AuditFailurePolicy;
  /** Told once when the audit trail starts failing (`suspended`/`failing`) and once when it is `ok` again — one log line each, not one per row. */
  readonly onAuditState?: (change: AuditStateChange) => void;
}
