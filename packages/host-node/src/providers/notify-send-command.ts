import { findOnPath } from './find-on-path.js';

/**
 * The command the Node notifications are shown with: `notifySend` as given
 * (`null`: none), else `notify-send` on `env`'s PATH (default
 * `process.env`); `undefined` when there is none, and then `notifications`
 * is not provided.
 */
export function notifySendCommand(options: {
  readonly notifySend?: string | null | undefined;
  readonly env?: NodeJS.ProcessEnv | undefined;
}): string | undefined {
  return options.notifySend === null ? undefined : (options.notifySend ?? findOnPath('notify-send', options.env ?? process.env));
}
