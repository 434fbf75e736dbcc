import type { AuditRow, AuditSink } from '@xcap/audit';
import type { BlobStore } from '@xcap/bridge';
import type { ConsentNonceStore, GrantStore } from '@xcap/broker';
import type { ManagedTokenStore } from '@xcap/tokens';
import type { ConformanceSkip } from './native-conformance-options.js';

/** One audit row as a store reads it back: the row, its time and duration. */
export interface StoreConformanceAuditRow extends AuditRow {
  /** When the call started (ISO 8601, UTC). */
  readonly at: string;
  /** How long the call took, or `null`. */
  readonly durationMs: number | null;
}

/**
 * The stores under test, on storage of their own that starts empty. Each
 * section of the suite (`grants`, `app files`, `audit`, `tokens`,
 * `consent nonces`) needs its
 * store; a store left out fails its section unless the section is skipped
 * (`StoreConformanceOptions.skip`) with a reason.
 */
export interface StoresUnderTest {
  /** The grant store (section `grants`). */
  readonly grants?: GrantStore;
  /** The blob store, with the bytes an app uses (what its quota is checked against; section `app files`). */
  readonly blobs?: BlobStore & { usage(app: string): Promise<number> };
  /** The audit sink, with how many transactions it committed (section `audit`, with `auditRows`). */
  readonly audit?: AuditSink & { readonly commits: number };
  /** Every audit row stored, in any order. */
  auditRows?(): Promise<StoreConformanceAuditRow[]>;
  /** The token store (section `tokens`). */
  readonly tokens?: ManagedTokenStore;
  /** The store of claimed consent nonces, on the clock `open` was given (section `consent nonces`). */
  readonly consentNonces?: ConsentNonceStore;
  /** A second grant, blob, token and consent nonce store on the same storage: what another host (or process) sharing it uses. */
  another(): Promise<{
    readonly grants?: GrantStore;
    readonly blobs?: BlobStore;
    readonly tokens?: ManagedTokenStore;
    readonly consentNonces?: ConsentNonceStore;
  }>;
  /** Closes everything `open` and `another` opened and removes the storage. */
  close(): Promise<void>;
}

/** What `storeConformanceSuite` needs: a way to open fresh stores, and what to skip. */
export interface StoreConformanceOptions {
  /** The suite's title, e.g. `file stores`. */
  readonly name: string;
  /**
   * Opens stores on new, empty storage with this per-app file quota; the
   * consent nonce stores (of `open` and `another`) must read the time from
   * `now` (milliseconds since the epoch), a clock the suite moves.
   */
  open(options: { readonly quotaBytes: number; readonly now: () => number }): Promise<StoresUnderTest>;
  /** Sections (`grants`, `app files`, `audit`, `tokens`, `consent nonces`) or single tests (`<section>: <test title>`) to skip, with the reason. */
  readonly skip?: readonly ConformanceSkip[];
}
