import { LogLimiter } from '@xcap/wire';
import { mkdir } from 'node:fs/promises';
import { catalog as builtInCatalog, type Catalog } from '@xcap/catalog';
import type { AuditRow, AuditSink } from '@xcap/audit';
import { agentToolList, type AgentTool, type ConsentNonceStore, type GrantStore } from '@xcap/broker';
import type { BlobStore } from '@xcap/bridge';
import type { AuditFailurePolicy, AuditStateChange, CallPath, ConsentUi, NativeProviders } from '@xcap/call';
import type { AppManifest } from './manifest/app-manifest.js';
import { checkAppManifest } from './manifest/check-app-manifest.js';
import { ManifestError } from './manifest/manifest-error.js';
import { nodeProviders, type NodeProvidersOptions } from './providers/node-providers.js';
import { mergeNatives } from './providers/merge-natives.js';
import { createCommandGroup } from './providers/command-group.js';
import type { ProviderCommand } from '@xcap/provider-protocol';
import { type AuditCloseReport, type AuditSpillReplay, checkDataDir, dataPaths, type DataPaths, defaultDataDir } from '@xcap/store-local';
import { providerLogKey } from './log/provider-log-key.js';
import { terminalText } from './terminal-text.js';
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

/**
 * Opens a Node host in one place: checks the manifest (a `ManifestError`
 * naming every JSON pointer), creates the data directory, opens the stores
 * in it (`consent.json` as a `FileGrantStore`, `files/` as a
 * `FileBlobStore`, `audit.sqlite` as a `SqliteAuditSink`,
 * `consent-nonces.sqlite` as a `SqliteConsentNonceStore` opened at its first
 * claim), builds the Node
 * providers (`nodeProviders`) and creates the call path with `createCallPath`
 * — after replaying the spill file (`audit-spill.jsonl`, rows a previous
 * run could not commit) into the audit log: a spill the log cannot take
 * is an `AuditSpillError` and the host does not start (fail closed)
 * — nothing of decide, consent, bridge or audit is written again here. A
 * setup the call path refuses (a provided capability the catalog does not
 * know, …) throws its `HostSetupError`.
 */
export async function createNodeHost(options: NodeHostOptions): Promise<NodeHost> {
  return (await startNodeHost(options)).ready;
}

/**
 * A Node host on its way up (`startNodeHost`): what it serves is known — the
 * app, the capabilities provided, an agent's tools/list — while its stores
 * open; `ready` is the host once they are.
 */
export interface StartingNodeHost {
  /** The app served (its manifest checked). */
  readonly app: AppManifest;
  /** Where every store lives. */
  readonly paths: DataPaths;
  /** The capabilities provided (the natives' and the provider commands'). */
  readonly provided: readonly string[];
  /** An agent's tools/list, as the call path will answer it (`agentToolList` of the manifest and `provided`). */
  listTools(): AgentTool[];
  /**
   * The host once its stores are open, the spill file replayed and the call
   * path created; rejects with what `createNodeHost` would throw then (an
   * audit log that cannot be opened, an `AuditSpillError`, a
   * `HostSetupError`, a rejected `openStores`), after stopping the providers.
   */
  readonly ready: Promise<NodeHost>;
}

/**
 * `createNodeHost` in two steps, so a server can answer what needs no store
 * (MCP's `server/discover`, `initialize`, `tools/list`) while the stores
 * open: resolves once the manifest is checked, the data directory made and
 * checked and the providers built (provider commands spawned and described:
 * a `ManifestError` or `ProviderSetupError` rejects it); the stores
 * (`openStores` first, then the data directory's for what it did not give),
 * the spill replay and the call path follow in `ready`.
 */
export async function startNodeHost(options: NodeHostOptions): Promise<StartingNodeHost> {
  const catalog = options.catalog ?? builtInCatalog;
  const checked = checkAppManifest(catalog, options.manifest);
  if (!checked.ok) throw new ManifestError(checked.problems);
  const app = checked.manifest;
  const paths = dataPaths(options.dataDir ?? defaultDataDir(options.env ?? process.env));
  await mkdir(paths.dir, { recursive: true, mode: 0o700 });
  checkDataDir(paths);

  const closers: (() => void | Promise<void>)[] = [];
  const closeAll = async () => {
    for (const closer of closers)
      await Promise.resolve()
        .then(closer)
        .catch(() => undefined);
  };
  const auditTarget = options.auditLog ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const providerTarget = options.providerLog ?? auditTarget;
  // Every line goes out through terminalText (provider, file and store text in it cannot act on a terminal);
  // the repeatable ones through the limiter too, which says how many it held back.
  const auditLog = (line: string) => auditTarget(terminalText(line));
  const providerLine = (line: string) => providerTarget(terminalText(line));
  const limiter = new LogLimiter();
  const commands = createCommandGroup();
  let natives: HostNatives;
  let restarts: () => ReadonlyMap<string, number> = () => new Map();
  try {
    const base =
      options.natives ??
      nodeProviders({
        ...options.providerOptions,
        spawn: options.providerOptions?.spawn ?? commands.run,
        ...(options.photosDir === undefined ? {} : { photosDir: options.photosDir }),
        ...(options.filesDir === undefined ? {} : { filesDir: options.filesDir }),
        stateFile: paths.notifications,
      });
    closers.unshift(() => base.close?.());
    natives = base;
    if (options.providerCommands !== undefined && options.providerCommands.length > 0) {
      const { spawnProviders } = await import('@xcap/provider-protocol');
      const external = await spawnProviders(options.providerCommands, {
        catalog,
        log: (line) => limiter.write(providerLogKey(line), line, providerLine),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      closers.unshift(() => external.close());
      restarts = () => {
        const counts = new Map<string, number>();
        for (const process of external.processes) counts.set(process.name, (counts.get(process.name) ?? 0) + process.restarts);
        return counts;
      };
      natives = mergeNatives(base, external);
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  const provided = natives.provided;

  const open = async (): Promise<NodeHost> => {
    // The stores open on a later turn of the event loop (or when the server says): a transport started on `startNodeHost`'s answer reads and answers what is waiting first.
    if (options.openStoresAfter === undefined) await new Promise((resolve) => setImmediate(resolve));
    else await Promise.resolve(options.openStoresAfter).catch(() => undefined);
    // Their modules too (the stores, better-sqlite3, the call path, the bridge): loaded here, not before the first answer.
    const { openNodeHost } = await import('./open-node-host.js');
    return openNodeHost({ options, catalog, app, paths, natives, provided, closers, limiter, auditLog, commands, restarts });
  };
  const ready = open().catch(async (error: unknown) => {
    await closeAll();
    throw error;
  });
  // Whoever awaits `ready` sees its rejection; until then it is not an unhandled one.
  ready.catch(() => undefined);
  return { app, paths, provided, listTools: () => agentToolList(catalog, { manifest: app.capabilities, provided }), ready };
}
