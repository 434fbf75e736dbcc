import { realTimers } from './real-timers.js';
import { timerDelay } from './timer-delay.js';
import type { Timers } from './timers.js';

/**
 * Whether `promise` resolved within `ms` milliseconds (`false` once the time
 * is up; the promise itself is left running). A rejection of `promise`
 * rejects. For shutdown steps that wait a bounded time: a grace period for
 * the calls in flight, a child process's exit. `timers` (default
 * `realTimers`) is the clock it waits on.
 */
export async function resolvesWithin(promise: Promise<unknown>, ms: number, timers: Timers = realTimers): Promise<boolean> {
  let timer: unknown;
  const timeout = new Promise<false>((resolve) => (timer = timers.setTimeout(() => resolve(false), timerDelay(ms))));
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    timers.clearTimeout(timer);
  }
}
