import type { AuditRow, AuditSink } from '@xcap/audit';
import type { BlobStore } from '@xcap/bridge';
import type { GrantStore } from '@xcap/broker';

/** One audit row as a store reads it back: the row, its time and duration. */
export interface StoreConformanceAuditRow extends AuditRow {
  /** When the call started (ISO 8601, UTC). */
  readonly at: string;
  /** How long the call took, or `null`. */
  readonly durationMs: number | null;
}

/** The stores under test, on storage of their own that starts empty. */
export interface StoresUnderTest {
  readonly grants: GrantStore;
  /** The blob store, with the bytes an app uses (what its quota is checked against). */
  readonly blobs: BlobStore & { usage(app: string): Promise<number> };
  /** The audit sink, with how many transactions it committed. */
  readonly audit: AuditSink & { readonly commits: number };
  /** Every audit row stored, in any order. */
  auditRows(): Promise<StoreConformanceAuditRow[]>;
  /** A second grant and blob store on the same storage: what another host sharing it uses. */
  another(): Promise<{ readonly grants: GrantStore; readonly blobs: BlobStore }>;
  /** Closes everything `open` and `another` opened and removes the storage. */
  close(): Promise<void>;
}

/** What `storeConformanceSuite` needs: a way to open fresh stores. */
export interface StoreConformanceOptions {
  /** The suite's title, e.g. `file stores`. */
  readonly name: string;
  /** Opens stores on new, empty storage with this per-app file quota. */
  open(options: { readonly quotaBytes: number }): Promise<StoresUnderTest>;
}
