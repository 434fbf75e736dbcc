import { timerDelay } from './timer-delay.js';

/**
 * Runs `run` and waits at most `timeoutMs` for it: resolves with its value,
 * rejects with its error (a synchronous throw included), or rejects with a
 * `TimeoutError`-named Error saying `<what> did not answer within <ms> ms`.
 * A value that arrives after the timeout goes to `onLate` (e.g. to remove a
 * file stored too late). `Infinity` waits for ever.
 */
export function withTimeout<T>(run: () => T | Promise<T>, timeoutMs: number, what: string, onLate?: (value: T) => void): Promise<T> {
  const work = Promise.resolve().then(run);
  if (timeoutMs === Infinity) return work;
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      const error = new Error(`${what} did not answer within ${timeoutMs} ms`);
      error.name = 'TimeoutError';
      reject(error);
    }, timerDelay(timeoutMs));
    work.then(
      (value) => {
        clearTimeout(timer);
        if (!timedOut) resolve(value);
        else if (onLate !== undefined) {
          try {
            onLate(value);
          } catch {
            return;
          }
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(error);
      },
    );
  });
}
