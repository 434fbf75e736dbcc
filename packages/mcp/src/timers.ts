/**
 * The clock and timers a component waits with, injectable so tests drive
 * time themselves (like TanStack Query's `timeoutManager`): `realTimers` by
 * default.
 */
export interface Timers {
  /** Calls `callback` once after `ms` milliseconds; answers a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a timer `setTimeout` answered (a handle already fired or cleared is ignored). */
  clearTimeout(handle: unknown): void;
  /** The current time in milliseconds (as `Date.now()`). */
  now(): number;
}

/** The real clock and timers: the global `setTimeout`, `clearTimeout` and `Date.now`, looked up at each call (so `vi.useFakeTimers()` applies). */
export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};
