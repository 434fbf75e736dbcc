/**
 * The clock and timers of code whose logic is time (timeouts, restart
 * delays): `realTimers` by default, a fake in tests. A handle is whatever
 * `setTimeout` answered; `clearTimeout` takes it back (or `undefined`).
 */
export interface Timers {
  /** Runs `run` once after `ms` milliseconds; answers a handle for `clearTimeout`. */
  setTimeout(run: () => void, ms: number): unknown;
  /** Cancels a timer not yet run (a handle already run or `undefined` is ignored). */
  clearTimeout(handle: unknown): void;
  /** The current time in milliseconds since the epoch. */
  now(): number;
}
