import type { Timers } from '@xcap/wire';

/** A fake clock for `ProviderProcess`'s `timers`: time moves only by `advance`, which runs the timers due on the way, in time order. */
export class ManualTimers implements Timers {
  #now = 0;
  #nextId = 1;
  readonly #due = new Map<number, { readonly at: number; readonly run: () => void }>();

  /** Runs `run` once the clock reached now + `ms`. */
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#nextId++;
    this.#due.set(id, { at: this.#now + ms, run });
    return id;
  }

  /** Cancels a timer not yet run. */
  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.#due.delete(handle);
  }

  /** The fake time in ms. */
  now(): number {
    return this.#now;
  }

  /** The delays of the timers not yet run, from now, shortest first. */
  get pending(): number[] {
    return [...this.#due.values()].map((timer) => timer.at - this.#now).sort((a, b) => a - b);
  }

  /** Moves the clock `ms` on, running every timer due by then, earliest first. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const next = [...this.#due.entries()].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
      if (next === undefined) break;
      this.#due.delete(next[0]);
      this.#now = next[1].at;
      next[1].run();
    }
    this.#now = until;
  }
}
