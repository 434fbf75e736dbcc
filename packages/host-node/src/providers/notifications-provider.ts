import type { NativeResult, NotificationsPostNativeInput, NotificationsProvider } from '@xcap/catalog';
import { errorText } from '@xcap/wire/node';
import { findOnPath } from './find-on-path.js';
import { notifySendCommand } from './notify-send-command.js';
import { neverThrows } from './never-throws.js';
import { formatNotificationState, parseInstant, readNotificationState, type PendingNotification } from './notification-state.js';
import { runCommand, type CommandResult, type CommandRunner } from './run-command.js';
import { type FileLockOptions, stateFileKey, withStateFileLock, writeFileAtomic } from '@xcap/store-local';
import { maxTimerDelay } from '@xcap/wire';

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
  /** The most scheduled notifications the state file holds, for every host sharing it (default `defaultMaxScheduled`, 1,000). */
  readonly maxScheduled?: number;
  /** The lock every change of the state file holds (`<stateFile>.lock`; default: taken over after 30 s, waited for at most 35 s). */
  readonly lock?: FileLockOptions;
}

/** How many scheduled notifications one state file (one data directory) holds by default. */
export const defaultMaxScheduled = 1000;

/** The Node notifications provider; `close()` clears its timers (scheduled notifications stay in the state file). */
export interface NodeNotificationsProvider extends NotificationsProvider {
  /** Clears every timer; nothing fires afterwards. Safe to call twice. */
  close(): void;
  /** Resolves once every notification that has fired is shown (or reported to `onError`) and the state file is written. */
  settled(): Promise<void>;
}

/** The longest delay one timer may have (`setTimeout` clamps anything longer to 1 ms). */
export const maxTimerDelayMs: number = maxTimerDelay;

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
 *
 * Several hosts may share the state file (two `xcap serve` on one data
 * directory): every change is a read-modify-write under the lock
 * `<stateFile>.lock`, so no host drops another's scheduled notification;
 * each host arms what it reads there, and a notification fires only while
 * its host holds the lock and finds it still in the file, so it is shown
 * once, by whichever host gets there first. Past `maxScheduled` entries a
 * new scheduled post answers `isError` (`tooManyScheduled: …`).
 */
export function createNotificationsProvider(options: NotificationsProviderOptions): NodeNotificationsProvider | undefined {
  const env = options.env ?? process.env;
  const notifySend = notifySendCommand(options);
  if (notifySend === undefined) return undefined;
  const gdbus = options.gdbus === null ? undefined : (options.gdbus ?? findOnPath('gdbus', env));
  const spawn = options.spawn ?? runCommand;
  const clock = options.clock ?? Date.now;
  const timers: NotificationTimers = options.timers ?? {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
  const onError = options.onError ?? ((error: Error) => process.emitWarning(error.message, 'XcapNotificationWarning'));
  const stateFile = options.stateFile;
  const lockOptions: FileLockOptions = { staleMs: 30_000, timeoutMs: 35_000, ...options.lock };
  const maxScheduled = options.maxScheduled ?? defaultMaxScheduled;
  if (!Number.isSafeInteger(maxScheduled) || maxScheduled < 0)
    throw new RangeError(`createNotificationsProvider: maxScheduled must be a non-negative integer, got ${String(maxScheduled)}`);

  const initial = readNotificationState(stateFile);
  /** The scheduled notifications this host armed a timer for, as it last read them. */
  const known = new Map<string, PendingNotification>();
  const armed = new Map<string, unknown>();
  const shown = new Map<string, number>();
  let printIds = true;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const firing = new Set<Promise<void>>();
  /** The state file as this host last wrote it (its identity and entries), to skip re-reading a file no other host changed since. */
  let lastWritten: { key: string; entries: readonly PendingNotification[] } | undefined;

  /**
   * A read-modify-write of the state file under its lock (and after this
   * host's earlier ones): `change` edits the entries read and answers
   * whether to write them. Afterwards this host arms what the file holds.
   */
  const update = <T>(
    change: (entries: Map<string, PendingNotification>) => Promise<{ write: boolean; value: T }> | { write: boolean; value: T },
  ): Promise<T> => {
    const run = () =>
      withStateFileLock(stateFile, lockOptions, async (stillHeld) => {
        const key = fileKey(stateFile);
        const read = lastWritten !== undefined && lastWritten.key === key ? lastWritten.entries : readNotificationState(stateFile);
        const entries = new Map(read.map((entry) => [entry.id, entry]));
        lastWritten = undefined;
        const { write, value } = await change(entries);
        if (write) {
          const text = formatNotificationState([...entries.values()]);
          await writeFileAtomic(stateFile, text, { beforeRename: stillHeld });
          lastWritten = { key: fileKey(stateFile), entries: [...entries.values()] };
        }
        adopt(entries.values());
        return value;
      });
    const done = queue.then(run, run);
    queue = done.catch(() => undefined);
    return done;
  };

  /** Arms what the file holds and this host has not armed (as it is there), and disarms what left the file. */
  const adopt = (entries: Iterable<PendingNotification>) => {
    const present = new Set<string>();
    for (const entry of entries) {
      present.add(entry.id);
      const mine = known.get(entry.id);
      if (mine !== entry && (mine === undefined || !sameEntry(mine, entry))) arm(entry);
    }
    for (const id of [...known.keys()]) {
      if (present.has(id)) continue;
      disarm(id);
      known.delete(id);
    }
  };

  /** Whether `id` may be scheduled: this host armed it, or the file (read without the lock) holds it or cannot be read. */
  const mayBeScheduled = (id: string): boolean => {
    if (known.has(id)) return true;
    try {
      return readNotificationState(stateFile).some((entry) => entry.id === id);
    } catch {
      return true;
    }
  };

  const disarm = (id: string) => {
    if (!armed.has(id)) return;
    timers.clearTimeout(armed.get(id));
    armed.delete(id);
  };

  const arm = (entry: PendingNotification) => {
    disarm(entry.id);
    known.set(entry.id, entry);
    if (closed) return;
    const delay = Math.min(Math.max(parseInstant(entry.at) - clock(), 0), maxTimerDelayMs);
    const handle = timers.setTimeout(() => {
      armed.delete(entry.id);
      if (closed || known.get(entry.id) !== entry) return;
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

  /** Shows a due notification while holding the lock, if it is still in the file as armed (no other host showed, cancelled or replaced it), then removes it there. */
  const fire = async (entry: PendingNotification) => {
    known.delete(entry.id);
    await update(async (entries) => {
      const current = entries.get(entry.id);
      if (current === undefined || !sameEntry(current, entry)) return { write: false, value: undefined };
      const failure = await show(entry);
      if (failure !== null) onError(new Error(`notification ${entry.id}: ${failure}`));
      entries.delete(entry.id);
      return { write: true, value: undefined };
    }).catch((error: unknown) => onError(new Error(`notification ${entry.id}: the state file ${stateFile} cannot be written (${errorText(error)})`)));
  };

  const show = async (entry: NotificationsPostNativeInput): Promise<string | null> => {
    const app = entry.id.includes('/') ? entry.id.slice(0, entry.id.indexOf('/')) : 'xcap';
    const text = [entry.title, ...(entry.body === null || entry.body === '' ? [] : [entry.body])];
    const replaceId = shown.get(entry.id);
    const run = (withIds: boolean): Promise<CommandResult> =>
      spawn(
        notifySend,
        ['--app-name', app, ...(withIds ? ['--print-id', ...(replaceId === undefined ? [] : ['--replace-id', String(replaceId)])] : []), '--', ...text],
        { env, timeoutMs: 10_000 },
      );
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

  adopt(initial);

  /** Takes `id` out of the state file if it is scheduled there; answers whether it was, or the failure. */
  const withdraw = async (id: string): Promise<{ removed: boolean } | { failed: string }> => {
    if (!mayBeScheduled(id)) return { removed: false };
    try {
      return { removed: await update((entries) => ({ write: entries.has(id), value: entries.delete(id) })) };
    } catch (error) {
      return { failed: `stateWriteFailed: ${errorText(error)}` };
    }
  };

  const natives = neverThrows<NotificationsProvider>({
    async post(input): Promise<NativeResult<Record<string, never>>> {
      const at = input.at === null ? null : parseInstant(input.at);
      if (at !== null && Number.isNaN(at)) return { isError: `invalidTime: ${input.at}` };
      if (at === null || at <= clock()) {
        const withdrawn = await withdraw(input.id);
        if ('failed' in withdrawn) return { isError: withdrawn.failed };
        const failure = await show(input);
        return failure === null ? { structuredContent: {} } : { isError: failure };
      }
      const entry: PendingNotification = { id: input.id, title: input.title, body: input.body, at: input.at as string, tap: input.tap };
      let refused: string | null;
      try {
        refused = await update((entries) => {
          if (!entries.has(entry.id) && entries.size >= maxScheduled) {
            return {
              write: false,
              value: `tooManyScheduled: ${entries.size} notifications are scheduled already (at most ${maxScheduled}); cancel one or post it later`,
            };
          }
          entries.set(entry.id, entry);
          return { write: true, value: null };
        });
      } catch (error) {
        return { isError: `stateWriteFailed: ${errorText(error)}` };
      }
      return refused === null ? { structuredContent: {} } : { isError: refused };
    },

    async cancel(input) {
      const withdrawn = await withdraw(input.id);
      if ('failed' in withdrawn) return { isError: withdrawn.failed };
      if (withdrawn.removed) return { structuredContent: { cancelled: true } };
      const serverId = shown.get(input.id);
      if (serverId === undefined || gdbus === undefined) return { structuredContent: { cancelled: false } };
      const result = await spawn(gdbus, ['call', ...notificationsBus, '--method', 'org.freedesktop.Notifications.CloseNotification', String(serverId)], {
        env,
        timeoutMs: 10_000,
      });
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
      await queue;
    },
  };
}

/** What identifies the file's content without reading it: inode, size and times (`none` when it is missing). */
/** The state file's identity (`stateFileKey`), `none` when there is none. */
function fileKey(file: string): string {
  return stateFileKey(file, (problem) => new Error(`${file}: the notifications state file ${problem}`)) ?? 'none';
}

function sameEntry(a: PendingNotification, b: PendingNotification): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function commandFailure(result: CommandResult): string {
  const line = result.stderr.trim().split('\n')[0] ?? '';
  if (result.failure !== undefined) return result.failure;
  return line === '' ? `exit code ${result.code}` : `exit code ${result.code}: ${line.slice(0, 200)}`;
}
