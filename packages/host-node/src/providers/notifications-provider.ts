import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { NativeResult, NotificationsPostNativeInput, NotificationsProvider } from '@xcap/catalog';
import { errorText } from './error-text.js';
import { findOnPath } from './find-on-path.js';
import { neverThrows } from './never-throws.js';
import { parseInstant, readNotificationState, type NotificationStateFile, type PendingNotification } from './notification-state.js';
import { runCommand, type CommandResult, type CommandRunner } from './run-command.js';
import { writeFileAtomic } from '../atomic-write.js';

/** The timer functions scheduled notifications use (injectable for tests). */
export interface NotificationTimers {
  /** Calls `callback` once after `ms` milliseconds; answers a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Stops a timer `setTimeout` answered. */
  clearTimeout(handle: unknown): void;
}

/** What `createNotificationsProvider` needs. */
export interface NotificationsProviderOptions {
  /** Where scheduled (`at`) notifications are kept (written atomically; re-armed on creation). */
  readonly stateFile: string;
  /** The `notify-send` command: a path or name; `undefined` = look for `notify-send` on `env.PATH`; `null` = no service. */
  readonly notifySend?: string | null;
  /** The `gdbus` command that withdraws a shown notification: as `notifySend` (`undefined` = look on PATH; `null` = never withdraw shown ones). */
  readonly gdbus?: string | null;
  /** The environment PATH is searched in and the commands run with (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** Runs the commands (default `runCommand`: spawn with an argument array, no shell). */
  readonly spawn?: CommandRunner;
  /** Now, in ms since the epoch (default `Date.now`). */
  readonly clock?: () => number;
  /** The timers (default the global `setTimeout`/`clearTimeout`; handles are `unref`ed when they can be). */
  readonly timers?: NotificationTimers;
  /** Told when a scheduled notification cannot be shown or the state file cannot be written after it fired (default: a process warning). */
  readonly onError?: (error: Error) => void;
}

/** The Node notifications provider; `close()` clears its timers (scheduled notifications stay in the state file). */
export interface NodeNotificationsProvider extends NotificationsProvider {
  /** Clears every timer; nothing fires afterwards. Safe to call twice. */
  close(): void;
  /** Resolves once every notification that has fired is shown (or reported to `onError`) and the state file is written. */
  settled(): Promise<void>;
}

/** The longest delay one timer may have (`setTimeout` clamps anything longer to 1 ms). */
export const maxTimerDelayMs = 2 ** 31 - 1;

const notificationsBus = ['--session', '--dest', 'org.freedesktop.Notifications', '--object-path', '/org/freedesktop/Notifications'];

/**
 * The desktop notifications of a freedesktop session through `notify-send`,
 * or `undefined` when there is no such service (`notify-send` not on PATH,
 * or `notifySend: null`), so the capability is not provided.
 *
 * `post` without `at` (or with an `at` already past) runs `notify-send
 * --app-name <app> --print-id [--replace-id <n>] -- <title> [<body>]` (an
 * argument array, never a shell; a notify-send older than 0.7.10, which
 * knows neither option, is run without them). With a future `at` the
 * notification is written to `stateFile` and armed with a timer (re-armed
 * in chunks of at most 2^31-1 ms, `unref`ed so it never keeps the process
 * alive); creating the provider re-arms every pending one and shows
 * past-due ones at once. A fired one leaves the file only after it was
 * shown, so a crash in between shows it again on restart rather than
 * losing it. Posting an id again replaces it. `cancel` of a
 * scheduled one clears its timer and state (`cancelled: true`); of a shown
 * one it asks the notification server to close it through `gdbus`
 * (`cancelled: true` when it could, `false` when the id is unknown or there
 * is no `gdbus`). The `tap` is not delivered: notify-send cannot report
 * one. A broken state file throws here, naming the file and the problem.
 */
export function createNotificationsProvider(options: NotificationsProviderOptions): NodeNotificationsProvider | undefined {
  const env = options.env ?? process.env;
  const notifySend = options.notifySend === null ? undefined : options.notifySend ?? findOnPath('notify-send', env);
  if (notifySend === undefined) return undefined;
  const gdbus = options.gdbus === null ? undefined : options.gdbus ?? findOnPath('gdbus', env);
  const spawn = options.spawn ?? runCommand;
  const clock = options.clock ?? Date.now;
  const timers: NotificationTimers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
  const onError = options.onError ?? ((error: Error) => process.emitWarning(error.message, 'XcapNotificationWarning'));
  const stateFile = options.stateFile;

  const pending = new Map<string, PendingNotification>(readNotificationState(stateFile).map((entry) => [entry.id, entry]));
  const armed = new Map<string, unknown>();
  const shown = new Map<string, number>();
  let printIds = true;
  let closed = false;
  let writes: Promise<void> = Promise.resolve();
  const firing = new Set<Promise<void>>();

  const persist = (): Promise<void> => {
    const doc: NotificationStateFile = { version: 1, pending: [...pending.values()] };
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    const write = writes.then(async () => {
      await mkdir(dirname(stateFile), { recursive: true });
      await writeFileAtomic(stateFile, text);
    });
    writes = write.catch(() => undefined);
    return write;
  };

  const disarm = (id: string) => {
    if (!armed.has(id)) return;
    timers.clearTimeout(armed.get(id));
    armed.delete(id);
  };

  const arm = (entry: PendingNotification) => {
    disarm(entry.id);
    if (closed) return;
    const delay = Math.min(Math.max(parseInstant(entry.at) - clock(), 0), maxTimerDelayMs);
    const handle = timers.setTimeout(() => {
      armed.delete(entry.id);
      if (closed || pending.get(entry.id) !== entry) return;
      if (parseInstant(entry.at) > clock()) {
        arm(entry);
        return;
      }
      const fired = fire(entry);
      firing.add(fired);
      void fired.finally(() => firing.delete(fired));
    }, delay);
    (handle as { unref?: () => void } | null)?.unref?.();
    armed.set(entry.id, handle);
  };

  const fire = async (entry: PendingNotification) => {
    pending.delete(entry.id);
    const failure = await show(entry);
    if (failure !== null) onError(new Error(`notification ${entry.id}: ${failure}`));
    await persist().catch((error: unknown) => onError(new Error(`notification ${entry.id}: the state file ${stateFile} cannot be written (${errorText(error)})`)));
  };

  const show = async (entry: NotificationsPostNativeInput): Promise<string | null> => {
    const app = entry.id.includes('/') ? entry.id.slice(0, entry.id.indexOf('/')) : 'xcap';
    const text = [entry.title, ...(entry.body === null || entry.body === '' ? [] : [entry.body])];
    const replaceId = shown.get(entry.id);
    const run = (withIds: boolean): Promise<CommandResult> =>
      spawn(notifySend, ['--app-name', app, ...(withIds ? ['--print-id', ...(replaceId === undefined ? [] : ['--replace-id', String(replaceId)])] : []), '--', ...text], { env, timeoutMs: 10_000 });
    let result = await run(printIds);
    if (printIds && result.code !== 0 && /unknown option/i.test(result.stderr)) {
      printIds = false;
      result = await run(false);
    }
    if (result.code !== 0) return `notify-send failed: ${commandFailure(result)}`;
    const serverId = Number(result.stdout.trim().split(/\s+/)[0]);
    if (printIds && Number.isInteger(serverId) && serverId > 0) shown.set(entry.id, serverId);
    else shown.delete(entry.id);
    return null;
  };

  for (const entry of pending.values()) arm(entry);

  /** Takes a scheduled notification out of the state file; when the write fails it is put back and re-armed. Answers the failure, or `null`. */
  const withdraw = async (entry: PendingNotification): Promise<string | null> => {
    disarm(entry.id);
    pending.delete(entry.id);
    try {
      await persist();
      return null;
    } catch (error) {
      pending.set(entry.id, entry);
      arm(entry);
      return `stateWriteFailed: ${errorText(error)}`;
    }
  };

  const natives = neverThrows<NotificationsProvider>({
    async post(input): Promise<NativeResult<Record<string, never>>> {
      const at = input.at === null ? null : parseInstant(input.at);
      if (at !== null && Number.isNaN(at)) return { isError: `invalidTime: ${input.at}` };
      const previous = pending.get(input.id);
      if (at === null || at <= clock()) {
        if (previous !== undefined) {
          const failed = await withdraw(previous);
          if (failed !== null) return { isError: failed };
        }
        const failure = await show(input);
        return failure === null ? { structuredContent: {} } : { isError: failure };
      }
      const entry: PendingNotification = { id: input.id, title: input.title, body: input.body, at: input.at as string, tap: input.tap };
      disarm(input.id);
      pending.set(input.id, entry);
      try {
        await persist();
      } catch (error) {
        if (previous === undefined) pending.delete(input.id);
        else {
          pending.set(input.id, previous);
          arm(previous);
        }
        return { isError: `stateWriteFailed: ${errorText(error)}` };
      }
      arm(entry);
      return { structuredContent: {} };
    },

    async cancel(input) {
      const scheduled = pending.get(input.id);
      if (scheduled !== undefined) {
        const failed = await withdraw(scheduled);
        return failed === null ? { structuredContent: { cancelled: true } } : { isError: failed };
      }
      const serverId = shown.get(input.id);
      if (serverId === undefined || gdbus === undefined) return { structuredContent: { cancelled: false } };
      const result = await spawn(gdbus, ['call', ...notificationsBus, '--method', 'org.freedesktop.Notifications.CloseNotification', String(serverId)], { env, timeoutMs: 10_000 });
      if (result.code !== 0) return { structuredContent: { cancelled: false } };
      shown.delete(input.id);
      return { structuredContent: { cancelled: true } };
    },
  });

  return {
    ...natives,
    close() {
      closed = true;
      for (const id of [...armed.keys()]) disarm(id);
    },

    async settled() {
      while (firing.size > 0) await Promise.all([...firing]);
      await writes;
    },
  };
}

function commandFailure(result: CommandResult): string {
  const line = result.stderr.trim().split('\n')[0] ?? '';
  if (result.failure !== undefined) return result.failure;
  return line === '' ? `exit code ${result.code}` : `exit code ${result.code}: ${line.slice(0, 200)}`;
}
