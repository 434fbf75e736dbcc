import type { ConsentUi } from '@xcap/call';
import { consoleConsentUi, observedGrants, type ConsoleAsker } from '@xcap/console';
import type { NodeProvidersOptions } from '../providers/node-providers.js';
import { blobFileDescriber } from './blob-file-describer.js';
import { consoleOpenPicker } from './console-open-picker.js';
import { consolePhotoPicker } from './console-photo-picker.js';
import { consolePrintPicker } from './console-print-picker.js';
import { consoleSavePicker } from './console-save-picker.js';
import { startServeConsole, type ServeConsoleOptions } from './start-serve-console.js';

/** A running console that takes this host's requests: its address (no secret), the asker, and how to tell it of grants and stop. */
export interface RunningConsole extends ConsoleAsker {
  /** The console's address, `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** Tells the console that a grant changed. */
  grantsChanged(): void;
  /** Ends the open requests with their fallback and every later one at once; closes the connection. */
  close(): void | Promise<void>;
}

/** What `openServeAnswerer` takes: the own console's options, and how to find a running one. */
export interface ServeAnswererOptions extends ServeConsoleOptions {
  /** Finds the console running on the same data directory or database, or `undefined` when none runs. */
  readonly findRunning: () => Promise<RunningConsole | undefined>;
}

/** Where `xcap serve --consent console` puts its sheets and pickers: the running console's relay, or a console of its own. */
export interface ServeAnswerer {
  /** The consent UI for the host. */
  readonly consentUi: ConsentUi;
  /** Ends every waiting request (the host is stopping). */
  readonly requests: { close(): void };
  /** The grant store for the host: the given one, telling the console of each change. */
  readonly grants: ServeConsoleOptions['stores']['grants'];
  /** The console pickers for the host's Node providers. */
  readonly providerOptions: Partial<NodeProvidersOptions>;
  /** Stops the relay or the own console. */
  close(): Promise<void>;
}

/**
 * The serve side's choice: when a console runs on the host's data directory
 * or database (`findRunning`), every sheet and picker goes to it and `xcap
 * serve: answering in the running console at <url>` is logged (no
 * secret); otherwise the host starts its own (`startServeConsole`, `xcap
 * serve: console at <login URL>`), as before. The choice is made once, at
 * start: a host that relays keeps relaying (a console started again is
 * found by the next request), and a host with its own console keeps it.
 */
export async function openServeAnswerer(options: ServeAnswererOptions): Promise<ServeAnswerer> {
  const running = await options.findRunning();
  if (running === undefined) {
    const own = await startServeConsole(options);
    return { consentUi: own.consentUi, requests: own.requests, grants: own.grants, providerOptions: own.providerOptions, close: () => own.close() };
  }
  options.log(`xcap serve: answering in the running console at ${running.url}`);
  const app = options.app.id;
  return {
    consentUi: consoleConsentUi(running, options.app, options.blobs === undefined ? {} : { describeFile: blobFileDescriber(options.blobs) }),
    requests: { close: () => void running.close() },
    grants: observedGrants(options.stores.grants, () => running.grantsChanged()),
    providerOptions: {
      photoPicker: consolePhotoPicker(running, app),
      ...(options.filesDir === undefined ? {} : { openPicker: consoleOpenPicker(running, app, options.filesDir), savePicker: consoleSavePicker(running, app) }),
      printPicker: consolePrintPicker(running, app),
    },
    close: async () => {
      await running.close();
    },
  };
}
