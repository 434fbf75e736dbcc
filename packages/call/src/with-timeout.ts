/** The longest delay `setTimeout` honours (2^31 − 1 ms); longer ones are clamped to it. */
export const maxTimerDelay = 2_147_483_647;

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
    }, Math.min(Math.max(timeoutMs, 0), maxTimerDelay));
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

/**
 * Whether `promise` resolved within `ms` milliseconds (`false` once the time
 * is up; the promise itself is left running). A rejection of `promise`
 * rejects. For shutdown steps that wait a bounded time: a grace period for
 * the calls in flight, a child process's exit.
 */
export async function resolvesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.min(Math.max(ms, 0), maxTimerDelay))));
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
