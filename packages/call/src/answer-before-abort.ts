/**
 * Runs `run` and settles with its answer, or rejects with the signal's
 * reason as soon as `signal` aborts (at once when it already has): whatever
 * `run` answers after that is ignored.
 */
export function answerBeforeAbort<T>(run: () => T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    Promise.resolve()
      .then(run)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', stop));
  });
}
