import { notifySendCommand } from './notify-send-command.js';

/** What decides which capabilities the Node providers serve: the part of `NodeProvidersOptions` it reads. */
export interface NodeProvidedOptions {
  readonly photosDir?: string | undefined;
  readonly filesDir?: string | undefined;
  readonly openPicker?: unknown;
  readonly savePicker?: unknown;
  readonly stateFile?: string | undefined;
  readonly notifySend?: string | null | undefined;
  readonly env?: NodeJS.ProcessEnv | undefined;
  readonly share?: unknown;
}

/** `photos` is provided with a photos folder. */
export function providesPhotos<O extends NodeProvidedOptions>(options: O): options is O & { readonly photosDir: string } {
  return options.photosDir !== undefined;
}

/** `files` is provided with a folder or a picker hook. */
export function providesFiles(options: NodeProvidedOptions): boolean {
  return options.filesDir !== undefined || options.openPicker !== undefined || options.savePicker !== undefined;
}

/** `notifications` is provided with a state file and a notification service (`notifySendCommand`). */
export function providesNotifications<O extends NodeProvidedOptions>(options: O): options is O & { readonly stateFile: string } {
  return options.stateFile !== undefined && notifySendCommand(options) !== undefined;
}

/** `share` is provided with a hook. */
export function providesShare(options: NodeProvidedOptions): boolean {
  return options.share !== undefined;
}

/**
 * The capabilities `nodeProviders(options)` provides, sorted, found without
 * building (or loading) a provider: `print` always, the others as the
 * `provides…` checks above say. `nodeProviders` builds exactly these, so a
 * host can answer `tools/list` before it loads the providers' code.
 */
export function nodeProvided(options: NodeProvidedOptions): string[] {
  const provided = ['print'];
  if (providesFiles(options)) provided.push('files');
  if (providesNotifications(options)) provided.push('notifications');
  if (providesPhotos(options)) provided.push('photos');
  if (providesShare(options)) provided.push('share');
  return provided.sort();
}
