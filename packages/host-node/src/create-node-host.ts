import { LogLimiter } from '@xcap/wire';
import { mkdir } from 'node:fs/promises';
import { catalog as builtInCatalog } from '@xcap/catalog';
import { agentToolList, type AgentTool } from '@xcap/broker';
import type { AppManifest } from './manifest/app-manifest.js';
import { checkAppManifest } from './manifest/check-app-manifest.js';
import { ManifestError } from './manifest/manifest-error.js';
import { nodeProvided } from './providers/node-provided.js';
import { mergedProvided, mergeNatives } from './providers/merge-natives.js';
import { createCommandGroup } from './providers/command-group.js';
import { checkDataDir, dataPaths, type DataPaths, defaultDataDir } from '@xcap/store-local';
import { providerLogKey } from './log/provider-log-key.js';
import { terminalText } from './terminal-text.js';
import type { HostNatives, NodeHostOptions } from './node-host-options.js';
import type { NodeHost } from './node-host.js';

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
 * checked and what the providers provide is known (provider commands
 * spawned and described: a `ManifestError` or `ProviderSetupError` rejects
 * it; the Node providers' capabilities from the options, `nodeProvided`);
 * the Node providers themselves (their code loaded then), the stores
 * (`openStores` first, then the data directory's for what it did not give),
 * the spill replay and the call path follow in `ready`, which a Node
 * provider that cannot be built (a broken notifications state file) rejects.
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
  // The Node providers' code loads when the stores open (below); what they provide is known without it.
  const providerOptions = {
    ...options.providerOptions,
    spawn: options.providerOptions?.spawn ?? commands.run,
    ...(options.photosDir === undefined ? {} : { photosDir: options.photosDir }),
    ...(options.filesDir === undefined ? {} : { filesDir: options.filesDir }),
    stateFile: paths.notifications,
  };
  // Natives given are closed with the host, even when it fails before they serve (last: after the provider commands).
  const given = options.natives;
  if (given !== undefined) closers.push(() => given.close?.());
  let external: HostNatives | undefined;
  let restarts: () => ReadonlyMap<string, number> = () => new Map();
  if (options.providerCommands !== undefined && options.providerCommands.length > 0) {
    try {
      const { spawnProviders } = await import('@xcap/provider-protocol');
      const spawned = await spawnProviders(options.providerCommands, {
        catalog,
        log: (line) => limiter.write(providerLogKey(line), line, providerLine),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      closers.unshift(() => spawned.close());
      restarts = () => {
        const counts = new Map<string, number>();
        for (const process of spawned.processes) counts.set(process.name, (counts.get(process.name) ?? 0) + process.restarts);
        return counts;
      };
      external = spawned;
    } catch (error) {
      await closeAll();
      throw error;
    }
  }
  const baseProvided = given?.provided ?? nodeProvided(providerOptions);
  const provided = external === undefined ? baseProvided : mergedProvided(baseProvided, external.provided);
  /** The natives served: the given ones or the Node providers (built now, their code loaded now), with the provider commands' on top. */
  const buildNatives = async (): Promise<HostNatives> => {
    let base = given;
    if (base === undefined) {
      const built = (await import('./providers/node-providers.js')).nodeProviders(providerOptions);
      // Closed after the provider commands (`closers` runs in order).
      closers.push(() => built.close());
      base = built;
    }
    return external === undefined ? base : mergeNatives(base, external);
  };

  const open = async (): Promise<NodeHost> => {
    // The stores open on a later turn of the event loop (or when the server says): a transport started on `startNodeHost`'s answer reads and answers what is waiting first.
    if (options.openStoresAfter === undefined) await new Promise((resolve) => setImmediate(resolve));
    else await Promise.resolve(options.openStoresAfter).catch(() => undefined);
    // Their modules too (the stores, better-sqlite3, the call path, the bridge): loaded here, not before the first answer.
    const { openNodeHost } = await import('./open-node-host.js');
    const natives = await buildNatives();
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
