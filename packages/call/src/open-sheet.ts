import type { Verdict } from '@xcap/catalog';
import { timerDelay } from '@xcap/wire';

/**
 * One open consent sheet of the call path: the verdict it ends with, the
 * controller whose signal the UI gets (`ConsentRequest.signal`), the one
 * that tells it no call waits any more (`ConsentRequest.detached`), and how
 * many calls wait on it. Concurrent calls with the same scope, agent and
 * `argsHash` share it. A call stops waiting at once when it is cancelled,
 * or when its own wait runs out; when the last one leaves, the sheet is
 * aborted if every call that left was cancelled, and detached (it stays open
 * until its deadline, which the call path's timer handles) if at least one
 * left because its wait ran out.
 */
export class OpenSheet {
  /** The scope the sheet asks for. */
  readonly scope: string;
  /** Aborts the UI's signal: at the deadline, when every waiting call was cancelled, or when `end` ends the sheet. */
  readonly controller = new AbortController();
  /** Aborts the UI's `detached` signal: no call waits any more, the sheet stays open. */
  readonly detachedController = new AbortController();
  /** The final verdict of the sheet: the one `start` resolves to, or the one `end` gives first. */
  readonly verdict: Promise<Verdict>;
  #settle: (verdict: Verdict) => void = () => undefined;
  #waiters = 0;
  #ranOut = false;
  readonly #onAbandoned: () => void;

  /**
   * Opens the sheet: `start` asks the UI with the sheet's signals (it gets
   * the sheet itself) and resolves to the final verdict (it must never
   * reject); `onAbandoned` runs once when the last waiting call was
   * cancelled and none ran out of wait, before the signal aborts.
   */
  constructor(scope: string, start: (sheet: OpenSheet) => Promise<Verdict>, onAbandoned: () => void = () => undefined) {
    this.scope = scope;
    this.#onAbandoned = onAbandoned;
    this.verdict = new Promise<Verdict>((resolve) => (this.#settle = resolve));
    void start(this).then((verdict) => this.#settle(verdict));
  }

  /** How many calls wait on the sheet now. */
  get waiters(): number {
    return this.#waiters;
  }

  /**
   * Ends the sheet with `verdict` (another sheet's answer stored a grant for
   * the scope): the calls waiting on it go on with that verdict, and the
   * UI's signal aborts with `reason`. A sheet that already ended keeps its
   * verdict.
   */
  end(verdict: Verdict, reason: string): void {
    this.#settle(verdict);
    if (!this.controller.signal.aborted) this.controller.abort(new DOMException(reason, 'AbortError'));
  }

  /**
   * Waits for the sheet's verdict on behalf of one call, at most `waitMs`
   * (`Infinity`: until the sheet ends): `null` when `signal` aborts first
   * (that call was cancelled) or the wait runs out (the call answers as
   * dismissed either way). A call whose signal already aborted does not wait
   * (nor keep the sheet).
   */
  wait(signal: AbortSignal | undefined, waitMs: number): Promise<Verdict | null> {
    if (signal?.aborted === true) {
      if (this.#waiters === 0) this.#lastLeft();
      return Promise.resolve(null);
    }
    this.#waiters += 1;
    return new Promise<Verdict | null>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let waiting = true;
      const stop = () => {
        waiting = false;
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancelled);
      };
      const leave = (ranOut: boolean) => {
        if (!waiting) return;
        stop();
        this.#waiters -= 1;
        if (ranOut) this.#ranOut = true;
        if (this.#waiters === 0) this.#lastLeft();
        resolve(null);
      };
      const cancelled = () => leave(false);
      signal?.addEventListener('abort', cancelled, { once: true });
      if (waitMs !== Infinity) timer = setTimeout(() => leave(true), timerDelay(waitMs));
      void this.verdict.then((verdict) => {
        if (!waiting) return;
        stop();
        this.#waiters -= 1;
        resolve(verdict);
      });
    });
  }

  /** The last waiting call left: detach the sheet when one ran out of wait, abort it when all were cancelled. */
  #lastLeft(): void {
    if (this.controller.signal.aborted) return;
    if (this.#ranOut) {
      if (!this.detachedController.signal.aborted) this.detachedController.abort(new DOMException('no call waits on the consent sheet any more', 'AbortError'));
      return;
    }
    this.#onAbandoned();
    this.controller.abort(new DOMException('every call waiting on the consent sheet was cancelled', 'AbortError'));
  }
}
