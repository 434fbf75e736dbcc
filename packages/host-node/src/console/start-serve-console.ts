import { execFile } from 'node:child_process';
import { LogLimiter } from '@xcap/wire';
import type { BlobStore } from '@xcap/bridge';
import {
  ConsoleRequests,
  askSentence,
  consoleConsentUi,
  observedGrants,
  startConsoleServer,
  type ConsoleServer,
  type ConsoleStores,
  type Pending,
} from '@xcap/console';
import type { ConsentUi } from '@xcap/call';
import { blobFileDescriber } from './blob-file-describer.js';
import { isAppId } from '../manifest/app-id.js';
import type { AppManifest } from '../manifest/app-manifest.js';
import { findOnPath } from '../providers/find-on-path.js';
import type { NodeProvidersOptions } from '../providers/node-providers.js';
import { writeConsoleOpenFile, type ConsoleOpenFile } from './console-open-file.js';
import { consoleOpenPicker } from './console-open-picker.js';
import { consolePhotoPicker } from './console-photo-picker.js';
import { consolePrintPicker } from './console-print-picker.js';
import { consoleSavePicker } from './console-save-picker.js';
import { readConsolePhoto } from './read-console-photo.js';

/** What `startServeConsole` takes. */
export interface ServeConsoleOptions {
  /** The port on 127.0.0.1 (`--console`, checked by `consoleListenPort`). */
  readonly port: number;
  /** The app served. */
  readonly app: AppManifest;
  /** `--files`: the folder the open picker lists. */
  readonly filesDir?: string;
  /** The grants, tokens and audit rows (the host's own stores). */
  readonly stores: ConsoleStores;
  /** `--console-open`: on the first waiting request, write the page that signs in (`writeConsoleOpenFile`) and run `xdg-open <its file URL>`. */
  readonly open: boolean;
  /** Where that page is written: the data directory (default a new 0700 temporary folder). */
  readonly openFileDir?: string;
  /** The environment `notify-send` and `xdg-open` are looked up in (PATH) and run with. */
  readonly env: NodeJS.ProcessEnv;
  /** Where the start line and the waiting lines go (standard error). */
  readonly log: (line: string) => void;
  /** The page's built assets (default the package's). */
  readonly assetsDir?: string;
  /** The app files a sheet's `fileId` argument is read from (its name, type, size and pages are shown); without it a `fileId` shows as given. */
  readonly blobs?: BlobStore;
}

/** The console of `xcap serve --consent console`, and what the host takes from it. */
export interface ServeConsole {
  /** The console's server. */
  readonly server: ConsoleServer;
  /** The pending requests. */
  readonly requests: ConsoleRequests;
  /** The consent UI for the host (`consentUi` of `serveStdio`/`serveHttp`). */
  readonly consentUi: ConsentUi;
  /** The grant store for the host: the given one, telling the console's streams of each change. */
  readonly grants: ConsoleStores['grants'];
  /** The console pickers for the host's Node providers (photos_pick, files_open, files_save, print_print). */
  readonly providerOptions: Partial<NodeProvidersOptions>;
  /** Stops the console. */
  close(): Promise<void>;
}

/**
 * Starts the console of `xcap serve --foreground --consent console`: a
 * `ConsoleRequests` registry, its server on 127.0.0.1 (one line `xcap
 * serve: console at <login URL>`), the consent UI (a `fileId` argument
 * named from `blobs`) and the console pickers over it. Each request that
 * starts waiting logs `xcap serve: a request is waiting in the console at
 * <URL>` and, where `notify-send` is on PATH, shows a notification that
 * names the agent, the app and what it asks (`askSentence`); with `open`,
 * the first one writes the page that signs in (`writeConsoleOpenFile`,
 * 0600) and runs `xdg-open <its file URL>` — no credential on any command
 * line or in any environment (no shell; neither can fail a call). The page
 * is removed at `close`.
 */
export async function startServeConsole(options: ServeConsoleOptions): Promise<ServeConsole> {
  const limiter = new LogLimiter();
  const requests = new ConsoleRequests({
    log: (line) => limiter.write('xcap console: pending bound', line, options.log),
  });
  const changed = { grants: () => undefined as void };
  const grants = observedGrants(options.stores.grants, () => changed.grants());
  const started = await startConsoleServer({
    mode: 'serve',
    port: options.port,
    app: options.app.id,
    requests,
    stores: { ...options.stores, grants },
    isAppId,
    readPhoto: readConsolePhoto,
    ...(options.assetsDir === undefined ? {} : { assetsDir: options.assetsDir }),
    log: options.log,
  });
  changed.grants = () => started.grantsChanged();
  options.log(`xcap serve: console at ${started.loginUrl}`);
  const seen = new Set<string>();
  let opened = false;
  let opening: Promise<ConsoleOpenFile | undefined> | undefined;
  requests.subscribe(() => {
    const pending = requests.pending();
    const fresh = pending.filter((request) => !seen.has(request.id));
    seen.clear();
    for (const request of pending) seen.add(request.id);
    if (fresh.length === 0) return;
    const text = `xcap serve: a request is waiting in the console at ${started.url}`;
    limiter.write('xcap serve: waiting', text, options.log);
    const notifySend = findOnPath('notify-send', options.env);
    for (const args of noticesOf(fresh, started.url)) run(notifySend, args, options.env);
    if (options.open && !opened) {
      opened = true;
      // Never the login URL: a command line is anyone's to read (ps, /proc). The file only the owner reads carries the secret.
      opening = writeConsoleOpenFile(started.url.slice(0, -1), started.secret, options.openFileDir).then(
        (file) => {
          run(findOnPath('xdg-open', options.env), [file.url], options.env);
          return file;
        },
        (error: unknown) => {
          options.log(`xcap serve: cannot write the page that opens the console: ${(error as Error).message}`);
          return undefined;
        },
      );
    }
  });
  return {
    server: started,
    requests,
    consentUi: consoleConsentUi(requests, options.app, options.blobs === undefined ? {} : { describeFile: blobFileDescriber(options.blobs) }),
    grants,
    providerOptions: {
      photoPicker: consolePhotoPicker(requests, options.app.id),
      ...(options.filesDir === undefined
        ? {}
        : { openPicker: consoleOpenPicker(requests, options.app.id, options.filesDir), savePicker: consoleSavePicker(requests, options.app.id) }),
      printPicker: consolePrintPicker(requests, options.app.id),
    },
    close: async () => {
      requests.close();
      limiter.flush();
      await started.close();
      await (await opening)?.remove();
    },
  };
}

/** Desktop notifications shown at most for one change of the pending list (the rest are in the console). */
export const maxNotices = 3;

/** The `notify-send` arguments of the first `maxNotices` of `fresh` (`noticeArgs`). */
export function noticesOf(fresh: readonly Pending[], url: string): string[][] {
  return fresh.slice(0, maxNotices).map((request) => noticeArgs(request, url));
}

/**
 * The `notify-send` arguments of one new request: the title `xcap: a request
 * is waiting` and a body naming the agent, the app and the task
 * (`askSentence`) and where to answer. `--` ends the options: nothing an
 * agent named can be read as one.
 */
export function noticeArgs(request: Pending, url: string): string[] {
  return ['--', 'xcap: a request is waiting', `${askSentence(request)} Answer in the console at ${url}`];
}

/** Runs `command` with `args` (no shell), never waiting for it and never failing. */
function run(command: string | undefined, args: readonly string[], env: NodeJS.ProcessEnv): void {
  if (command === undefined) return;
  try {
    const child = execFile(command, args, { env, timeout: 10_000 }, () => undefined);
    child.unref();
  } catch {
    // A command that cannot start changes nothing of the call.
  }
}
