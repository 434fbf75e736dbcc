import type { Catalog, Grant } from '@xcap/catalog';
import type { AuditSink } from '@xcap/audit';
import type { GrantStore } from '@xcap/broker';
import type { BlobStore } from '@xcap/bridge';
import type { ConsentScript } from './scripted-consent-ui.js';
import type { NativeScript } from './native-script.js';

/** A file to seed the fake blob store with: base64 text, bytes, or either with a name and type. */
export type FakeBlob = string | Uint8Array | { readonly base64?: string; readonly bytes?: Uint8Array; readonly name?: string; readonly mimeType?: string };

/** Everything about a fake host a test may set; every field has a default. */
export interface FakeHostOptions {
  /** The catalog (default: the built-in `catalog`). */
  readonly catalog?: Catalog;
  /** The app id (default: the catalog's `v1.context.app`). */
  readonly appId?: string;
  /** The app's screens (default: the catalog's `v1.context.screens`). */
  readonly screens?: readonly string[];
  /**
   * The app's capability manifest (default: every non-host-only scope of
   * every provided capability, `why` = `Test: <scope>`, origins scopes with
   * `https://example.com`).
   */
  readonly manifest?: unknown;
  /** The host's name (e.g. `ede`, which may provide the capabilities marked `host: ede`). */
  readonly host?: string;
  /** The capabilities provided (default: every catalog capability this host may provide). */
  readonly provided?: readonly string[];
  /** How each native tool answers, by UI tool name (`photos_pick`); an unscripted one answers isError `unavailable`. */
  readonly natives?: Readonly<Record<string, NativeScript>>;
  /** Stored grants at start, scope → grant. */
  readonly grants?: Readonly<Record<string, Grant>>;
  /** App files at start, fileId → file. */
  readonly blobs?: Readonly<Record<string, FakeBlob>>;
  /** The consent UI's answers, one per sheet, in order. */
  readonly consent?: readonly ConsentScript[];
  /** Whether the app starts in the foreground (default true). */
  readonly foreground?: boolean;
  /** The fixed clock's instant (default 2026-01-01T00:00:00Z). */
  readonly now?: string | Date;
  /** How long a native may take (default 1000 ms, so a hanging native ends `timeout` quickly). */
  readonly timeoutMs?: number;
  /** How long one audit write may take (default 1000 ms). */
  readonly auditTimeoutMs?: number;
  /** Replace the recording audit sink (e.g. with a failing one). */
  readonly auditSink?: AuditSink;
  /** Replace the in-memory grant store (e.g. with a failing one). */
  readonly grantStore?: GrantStore;
  /** Replace the in-memory blob store. */
  readonly blobStore?: BlobStore;
}
