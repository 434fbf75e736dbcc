import { realTimers, type Timers } from '@xcap/wire';

/** How often a waiting tools/call sends `notifications/progress` by default: every 10 s (clients reset a 60 s timeout on each; the issue asks for at least every 15 s). */
export const defaultProgressIntervalMs = 10_000;
/** The shortest progress interval `mountCallPath` takes, in milliseconds. */
export const minProgressIntervalMs = 10;
/** The longest progress interval `mountCallPath` takes, in milliseconds: 15 s. */
export const maxProgressIntervalMs = 15_000;

/** The message of each progress notification. */
export const waitingProgressMessage = 'waiting for the person to answer';

/** A progress notification as the SDK's `ctx.mcpReq.notify` sends it. */
export interface ProgressNotice {
  /** Always `notifications/progress`. */
  readonly method: 'notifications/progress';
  /** The request's token, the count so far (1, 2, 3…) and `waitingProgressMessage`. */
  readonly params: { readonly progressToken: string | number; readonly progress: number; readonly message: string };
}

/** Options of `progressWhileWaiting`. */
export interface ProgressWhileWaitingOptions {
  /** The request's `_meta.progressToken`. */
  readonly token: string | number;
  /** Sends one notification (`ctx.mcpReq.notify`); a rejection is ignored (the next one is tried). */
  readonly notify: (notice: ProgressNotice) => Promise<void>;
  /** Milliseconds between notifications (`minProgressIntervalMs`–`maxProgressIntervalMs`). */
  readonly intervalMs: number;
  /** Stops the notifications when it aborts (the client cancelled, the transport closed). */
  readonly signal: AbortSignal;
  /** The timers (default `realTimers`). */
  readonly timers?: Timers;
}

/**
 * Sends `notifications/progress` for `token` every `intervalMs` (the first
 * after one interval, so a call that answers at once sends none), with
 * `progress` 1, 2, 3… and the message `waitingProgressMessage`, until the
 * returned stop is called or `signal` aborts. A client that resets its
 * request timeout on progress (`resetTimeoutOnProgress`) then waits as long
 * as the person needs.
 */
export function progressWhileWaiting(options: ProgressWhileWaitingOptions): () => void {
  const timers = options.timers ?? realTimers;
  let progress = 0;
  let handle: unknown;
  let stopped = false;
  const stop = () => {
    stopped = true;
    timers.clearTimeout(handle);
    options.signal.removeEventListener('abort', stop);
  };
  const tick = () => {
    if (stopped) return;
    progress += 1;
    options
      .notify({ method: 'notifications/progress', params: { progressToken: options.token, progress, message: waitingProgressMessage } })
      .catch(() => undefined);
    handle = timers.setTimeout(tick, options.intervalMs);
  };
  if (options.signal.aborted) return () => undefined;
  options.signal.addEventListener('abort', stop, { once: true });
  handle = timers.setTimeout(tick, options.intervalMs);
  return stop;
}

/** The `_meta.progressToken` of a request's params: a string or a finite number; `undefined` for none or any other value. */
export function progressTokenOf(params: Record<string, unknown>): string | number | undefined {
  const meta = params['_meta'];
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as Record<string, unknown>)['progressToken'];
  return typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)) ? token : undefined;
}
