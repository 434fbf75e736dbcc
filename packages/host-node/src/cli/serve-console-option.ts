import type { PostgresStores } from '@xcap/store-postgres';
import type { DataPaths } from '@xcap/store-local';
import type { ServeAnswerer } from '../console/open-serve-answerer.js';
import type { AppManifest } from '../manifest/app-manifest.js';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';
import type { dataDirAuditRows } from './data-dir-audit-rows.js';

/** What `xcap serve` knows when it opens the console. */
export interface ServeConsoleInput {
  /** The checked manifest. */
  readonly manifest: AppManifest;
  /** The data directory's paths. */
  readonly paths: DataPaths;
  /** `--files`, checked. */
  readonly filesDir?: string;
  /** The PostgreSQL stores (`--store`), or `undefined` for the data directory's. */
  readonly shared?: PostgresStores;
}

/**
 * Checks `--console` and `--console-open` of `xcap serve` before anything
 * is opened: either without `--consent console` is a `CliFailure` (exit 2),
 * and so is a `--console` address that is not 127.0.0.1 (`consoleListenPort`).
 * Answers the port, or `undefined` without `--consent console`. Loads the
 * console code only then.
 */
export async function consolePortOption(options: Record<string, unknown>): Promise<number | undefined> {
  if (options.consent !== 'console') {
    for (const [flag, given] of [
      ['--console', options.console !== undefined],
      ['--console-open', options.consoleOpen === true],
    ] as const)
      if (given) throw new CliFailure(`${flag} needs --consent console`);
    return undefined;
  }
  const { consoleListenPort } = await import('@xcap/console');
  try {
    return consoleListenPort(typeof options.console === 'string' ? options.console : '127.0.0.1:0');
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
}

/**
 * Opens the console of `xcap serve --consent console` (`openServeAnswerer`,
 * loaded only now): the console already running on the same data directory
 * or database when there is one, else its own on the host's own stores: the data directory's grant
 * file, token file, audit log and app files, or the PostgreSQL ones. A port in use
 * exits 1.
 */
export async function openServeConsole(port: number, input: ServeConsoleInput, options: Record<string, unknown>, io: CliIo): Promise<ServeAnswerer> {
  const { openServeAnswerer } = await import('../console/open-serve-answerer.js');
  const { findRunningConsole } = await import('../console/find-running-console.js');
  // The data directory's stores (and the SQLite audit reader) load with the console, not before `xcap serve`'s first answer.
  const { FileBlobStore, FileGrantStore, FileTokenStore, tokenFilePath } = await import('@xcap/store-local');
  const { dataDirAuditRows: auditRows } = await import('./data-dir-audit-rows.js');
  const { shared, paths } = input;
  const stores =
    shared === undefined
      ? {
          grants: new FileGrantStore(paths.consent),
          tokens: new FileTokenStore(tokenFilePath(paths.dir)),
          auditRows: async (filter: Parameters<typeof dataDirAuditRows>[1]) => auditRows(paths.audit, filter),
        }
      : { grants: shared.grants, tokens: shared.tokens, auditRows: (filter: Parameters<typeof dataDirAuditRows>[1]) => shared.audit.query(filter) };
  try {
    // The one hook: a console already running on this data directory or database takes the requests (openServeAnswerer).
    return await openServeAnswerer({
      findRunning: () => findRunningConsole({ dataDir: paths.dir, ...(shared === undefined ? {} : { shared }), log: (line) => io.stderr(`${line}\n`) }),
      port,
      app: input.manifest,
      ...(input.filesDir === undefined ? {} : { filesDir: input.filesDir }),
      stores,
      // A sheet names a fileId argument from the app's files (read only; the host's own store writes them).
      blobs: shared === undefined ? new FileBlobStore(paths.files) : shared.blobs,
      open: options.consoleOpen === true,
      openFileDir: paths.dir,
      env: io.env,
      log: (line) => io.stderr(`${line}\n`),
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new CliFailure(`--console 127.0.0.1:${port}: cannot listen (${String(code)})`, 1);
    throw error;
  }
}
