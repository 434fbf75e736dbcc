import type { Verdict } from '@xcap/catalog';

/**
 * One open consent sheet of the call path: the verdict it ends with, the
 * controller whose signal the UI gets (`ConsentRequest.signal`) and how many
 * calls wait on it. Concurrent calls for one scope share it; a cancelled
 * call stops waiting at once, and the sheet is aborted when the last one
 * leaves (or at its deadline, which the call path's timer handles).
 */
export class OpenSheet {
  /** Aborts the UI's signal: at the deadline, or when no call waits any more. */
  readonly controller = new AbortController();
  /** The final verdict of the sheet (`start` must never reject). */
  readonly verdict: Promise<Verdict>;
  #waiters = 0;
  readonly #onAbandoned: () => void;

  /**
   * Opens the sheet: `start` asks the UI with the sheet's signal and
   * resolves to the final verdict; `onAbandoned` runs once when the last
   * waiting call was cancelled, before the signal aborts.
   */
  constructor(start: (signal: AbortSignal) => Promise<Verdict>, onAbandoned: () => void = () => undefined) {
    this.#onAbandoned = onAbandoned;
    this.verdict = start(this.controller.signal);
  }

  /** How many calls wait on the sheet now. */
  get waiters(): number {
    return this.#waiters;
  }

  /**
   * Waits for the sheet's verdict on behalf of one call: `null` at once when
   * `signal` aborts first (that call was cancelled: it answers as
   * dismissed); the sheet is aborted when no call waits on it any more. A
   * call whose signal already aborted does not wait (nor keep the sheet).
   */
  wait(signal: AbortSignal | undefined): Promise<Verdict | null> {
    if (signal?.aborted === true) {
      if (this.#waiters === 0) this.#abandon();
      return Promise.resolve(null);
    }
    this.#waiters += 1;
    if (signal === undefined) return this.verdict;
    return new Promise<Verdict | null>((resolve) => {
      const leave = () => {
        this.#waiters -= 1;
        if (this.#waiters === 0) this.#abandon();
        resolve(null);
      };
      signal.addEventListener('abort', leave, { once: true });
      void this.verdict.then((verdict) => {
        signal.removeEventListener('abort', leave);
        resolve(verdict);
      });
    });
  }

  #abandon(): void {
    if (this.controller.signal.aborted) return;
    this.#onAbandoned();
    this.controller.abort(new DOMException('every call waiting on the consent sheet was cancelled', 'AbortError'));
  }
}
