import { maxTimerDelay } from './max-timer-delay.js';

/** `ms` as a delay `setTimeout` honours: a negative or `NaN` one is 0, one past `maxTimerDelay` is `maxTimerDelay`. */
export function timerDelay(ms: number): number {
  return Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, 0), maxTimerDelay);
}
