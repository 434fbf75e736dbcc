import type { Catalog } from '@xcap/catalog';
import type { AuditRow, AuditSink } from '@xcap/audit';
import type { ConsentNonceStore, GrantStore } from '@xcap/broker';
import type { BlobStore } from '@xcap/bridge';
import type { AuditFailurePolicy, AuditStateChange, ConsentUi, NativeProviders } from '@xcap/call';
import type { ProviderCommand } from '@xcap/provider-protocol';
import type { NodeProvidersOptions } from './providers/node-providers.js';
import type { HostObserver } from './observe/host-observer.js';

/** Natives a host brings instead of the Node providers (tests, benchmarks, a team's own natives). */
export interface HostNatives {
  /** `providers[capability][tool](nativeInput)`, as the call path takes them. */
  readonly providers: NativeProviders;
  /** The capabilities they provide. */
  readonly provided: readonly string[];
  /** Releases what they hold (timers, child processes); called by `NodeHost.close`. */
  close?(): void | Promise<void>;
}

/** What `createNodeHost` takes. */
export interface NodeHostOptions {
  /** The app's manifest document `{id, screens, capabilities}` (checked with `checkAppManifest`; read a file with `readAppManifest`). */
  readonly manifest: unknown;
  /** The data directory (created when missing); default `defaultDataDir(env)`: `$XDG_DATA_HOME/xcap` or `~/.local/share/xcap`. */
  readonly dataDir?: string;
  /** The environment the default data directory is read from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The photo library folder; without one, `photos` is not provided. */
  readonly photosDir?: string;
  /** The folder the non-interactive file picker opens from and saves to; without one, `files` is not provided. */
  readonly filesDir?: string;
  /** Whether a person is present: picker tools run and undecided `ask` scopes go to `consent`. Default `false` (background). */
  readonly foreground?: boolean;
  /** The consent UI for foreground `ask` calls (default: every sheet dismissed). */
  readonly consent?: ConsentUi;
  /** Each app's file quota in bytes (default the blob store's: 1 GiB). */
  readonly quotaBytes?: number;
  /** How long a consent sheet waits for the person's answer before it counts as dismissed, in milliseconds (the call path's `consentTimeoutMs`; default 120,000). */
  readonly consentTimeoutMs?: number;
  /**
   * How long a call waits on a consent sheet before it answers as dismissed
   * (`consentNeeded`) while the sheet stays open until `consentTimeoutMs`
   * (the call path's `consentWaitMs`, issue 32; default the consent
   * timeout); a call with an MCP progress token waits up to the timeout.
   */
  readonly consentWaitMs?: number;
  /** How long a native may take before the call ends `timeout` (the bridge's default when absent). */
  readonly timeoutMs?: number;
  /** More options for the Node providers (`notifySend`, `lp`, `share`, pickers, …). */
  readonly providerOptions?: Partial<NodeProvidersOptions>;
  /** Natives to use instead of the Node providers. */
  readonly natives?: HostNatives;
  /**
   * Provider commands (`xcap serve --providers-command`; `"<command> [args]"`
   * split shell-like, or an argument vector): each is spawned and served
   * over the xcap provider protocol (`spawnProviders` of
   * `@xcap/provider-protocol`, with this host's `timeoutMs`); a capability a
   * command describes is served by it, replacing the Node provider (or the
   * `natives`) of that capability. A command that cannot serve — or a
   * capability described by two — throws a `ProviderSetupError` naming it
   * before anything is served. The processes are stopped by `close()`.
   */
  readonly providerCommands?: readonly ProviderCommand[];
  /** Where the provider processes' stderr lines (`[provider <name>] …`) and notices go (default: where `auditLog` writes). */
  readonly providerLog?: (line: string) => void;
  /** A grant store to use instead of `consent.json` in the data directory (e.g. a shared database). */
  readonly grants?: GrantStore;
  /** A blob store to use instead of the app folders in the data directory. */
  readonly blobs?: BlobStore;
  /** An audit sink to use instead of `audit.sqlite` in the data directory. */
  readonly audit?: AuditSink;
  /** Where the nonces of answered consent states are kept, instead of `consent-nonces.sqlite` in the data directory (e.g. the shared database's). */
  readonly consentNonces?: ConsentNonceStore;
  /**
   * How `audit.sqlite` commits: `normal` (default) — WAL commits reach the OS
   * at once, so an acknowledged row survives a killed process (SIGKILL, a
   * crash), and the disk at checkpoints; `full` — every group commit is also
   * fsynced, so it survives a power cut too (a few ms per commit).
   */
  readonly auditSync?: 'normal' | 'full';
  /** Told about every failed audit write (the row stays queued and is retried). */
  readonly onAuditError?: (error: unknown, row: AuditRow) => void;
  /** What happens while audit rows cannot be committed (default `suspend`: new calls are refused `unavailable` until a write succeeds; see `@xcap/call`). */
  readonly auditFailure?: AuditFailurePolicy;
  /** Told once when the audit trail starts failing and once when it recovers (besides the line to `auditLog`). */
  readonly onAuditState?: (change: AuditStateChange) => void;
  /**
   * Where the host writes its audit trail's log lines (default: standard
   * error): one line when rows stop being committed and one when they are
   * again (`auditStateLine`), what the spill replay did at start (rows
   * replayed, each line that is not valid with its number), and at `close`
   * the rows spilled or lost.
   */
  readonly auditLog?: (line: string) => void;
  /** The catalog (default the built-in one). */
  readonly catalog?: Catalog;
  /**
   * Told of every call and consent sheet, and given the host's gauges once it
   * is open (`xcap serve --metrics`); its errors change nothing of a call.
   */
  readonly observer?: HostObserver;
  /**
   * Stores opened as the host starts, after the providers (a shared
   * database: `xcap serve --store` over stdio connects while the first
   * requests are answered): each store it answers replaces the data
   * directory's, and one given directly (`grants`, `audit`, …) wins over
   * both. A rejection fails `ready` (`startNodeHost`) with its error.
   */
  readonly openStores?: () => Promise<HostStores>;
  /**
   * When the stores start to open (`startNodeHost`): once this settles
   * (fulfilled or rejected alike). Default: on the next turn of the event
   * loop. `xcap serve` over stdio opens them once its first answer is
   * written, so loading and opening them never delays that answer.
   */
  readonly openStoresAfter?: PromiseLike<unknown>;
}

/** The stores `NodeHostOptions.openStores` answers; each one absent is the data directory's. */
export interface HostStores {
  /** The grant store. */
  readonly grants?: GrantStore;
  /** The app-file store. */
  readonly blobs?: BlobStore;
  /** The audit sink. */
  readonly audit?: AuditSink;
  /** Where the nonces of answered consent states are kept. */
  readonly consentNonces?: ConsentNonceStore;
}
