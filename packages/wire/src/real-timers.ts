import type { Timers } from './timers.js';

/** The real clock and timers (`globalThis.setTimeout`, `clearTimeout`, `Date.now`), looked up at each call so `vi.useFakeTimers()` applies. */
export const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout> | undefined),
  now: () => Date.now(),
};
