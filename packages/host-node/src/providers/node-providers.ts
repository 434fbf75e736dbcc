import type { HostProviders } from '@xcap/catalog';
import { createFilesProvider, type OpenPicker, type SavePicker } from './files-provider.js';
import { createNotificationsProvider, type NotificationTimers } from './notifications-provider.js';
import { createPhotosProvider, type PhotoPicker } from './photos-provider.js';
import { createPrintProvider, type PrintPicker } from './print-provider.js';
import type { CommandRunner } from './run-command.js';
import { nodeProvided, providesFiles, providesNotifications, providesPhotos, providesShare } from './node-provided.js';
import { createShareProvider, type ShareHook } from './share-provider.js';

/** What `nodeProviders` builds the providers from; each capability is provided only when its part is here. */
export interface NodeProvidersOptions {
  /** The photo library folder (`photos`; see `createPhotosProvider`). */
  readonly photosDir?: string;
  /** The photo picker behind photos_pick (default: the newest `limit` photos). */
  readonly photoPicker?: PhotoPicker;
  /** The folder the non-interactive file pickers use (`files`; see `createFilesProvider`). */
  readonly filesDir?: string;
  /** An interactive open dialog for files_open. */
  readonly openPicker?: OpenPicker;
  /** An interactive save dialog for files_save. */
  readonly savePicker?: SavePicker;
  /** Where scheduled notifications are kept (the data directory's `notifications.json`); without it, `notifications` is not provided. */
  readonly stateFile?: string;
  /** `notify-send` (`undefined`: looked up on PATH; `null`: no notification service). */
  readonly notifySend?: string | null;
  /** `gdbus`, to withdraw shown notifications (`undefined`: looked up on PATH; `null`: none). */
  readonly gdbus?: string | null;
  /** CUPS `lp` (`undefined`: looked up on PATH; `null`: print_print answers `unavailable`). */
  readonly lp?: string | null;
  /** CUPS `lpstat`, which lists the printers of `printPicker` (`undefined`: looked up on PATH; `null`: none listed). */
  readonly lpstat?: string | null;
  /** An interactive print sheet for print_print (default none: `lp`'s default destination). */
  readonly printPicker?: PrintPicker;
  /** The share sheet hook; without it, `share` is not provided. */
  readonly share?: ShareHook;
  /** The environment PATH is searched in and commands run with (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** Runs `notify-send`, `gdbus` and `lp` (default: spawn with an argument array, no shell). */
  readonly spawn?: CommandRunner;
  /** Now in ms since the epoch, for scheduled notifications (default `Date.now`). */
  readonly clock?: () => number;
  /** Timers for scheduled notifications (default the global ones). */
  readonly timers?: NotificationTimers;
  /** Told when a scheduled notification fails to show (default: a process warning). */
  readonly onError?: (error: Error) => void;
  /** The biggest photo or opened file handed over, in bytes (default 64 MiB). */
  readonly maxBytes?: number;
}

/** The Node providers, the capabilities they serve and how to stop them. */
export interface NodeProviders {
  /** One provider per provided capability. */
  readonly providers: HostProviders;
  /** The capabilities this host can serve at all, sorted; the broker answers `unavailable` for the rest. */
  readonly provided: readonly string[];
  /** Stops what the providers hold (notification timers). Safe to call twice. */
  close(): void;
}

/**
 * The native providers Node can honestly offer, and `provided` listing only
 * those: `photos` with a photos folder; `files` with a folder or a picker
 * hook; `notifications` with a state file and a notification service
 * (`notify-send` on PATH); `print` always (print_pdf runs in the engine;
 * print_print answers `unavailable` without `lp`); `share` with a hook.
 * Never `windows`, `focus` or `launch`: they are the `ede` host's. Throws
 * only for a broken notifications state file (naming it).
 */
export function nodeProviders(options: NodeProvidersOptions = {}): NodeProviders {
  const commands = { ...(options.env === undefined ? {} : { env: options.env }), ...(options.spawn === undefined ? {} : { spawn: options.spawn }) };
  const maxBytes = options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes };
  const photos = providesPhotos(options)
    ? createPhotosProvider({ dir: options.photosDir, ...maxBytes, ...(options.photoPicker === undefined ? {} : { picker: options.photoPicker }) })
    : undefined;
  const files = providesFiles(options)
    ? createFilesProvider({
        ...maxBytes,
        ...(options.filesDir === undefined ? {} : { dir: options.filesDir }),
        ...(options.openPicker === undefined ? {} : { openPicker: options.openPicker }),
        ...(options.savePicker === undefined ? {} : { savePicker: options.savePicker }),
      })
    : undefined;
  const notifications = providesNotifications(options)
    ? createNotificationsProvider({
        stateFile: options.stateFile,
        ...commands,
        ...(options.notifySend === undefined ? {} : { notifySend: options.notifySend }),
        ...(options.gdbus === undefined ? {} : { gdbus: options.gdbus }),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        ...(options.timers === undefined ? {} : { timers: options.timers }),
        ...(options.onError === undefined ? {} : { onError: options.onError }),
      })
    : undefined;
  const print = createPrintProvider({
    ...commands,
    ...(options.lp === undefined ? {} : { lp: options.lp }),
    ...(options.lpstat === undefined ? {} : { lpstat: options.lpstat }),
    ...(options.printPicker === undefined ? {} : { picker: options.printPicker }),
  });
  const share = providesShare(options) ? createShareProvider(options.share) : undefined;

  const providers: HostProviders = {
    ...(files === undefined ? {} : { files }),
    ...(notifications === undefined ? {} : { notifications }),
    ...(photos === undefined ? {} : { photos }),
    print,
    ...(share === undefined ? {} : { share }),
  };
  return {
    providers,
    provided: nodeProvided(options),
    close: () => notifications?.close(),
  };
}
