/**
 * A hand-driven clock and timer set for scheduled-notification tests: it
 * records every delay asked for (so a test can see that none exceeds what
 * `setTimeout` takes) and runs due callbacks as time is advanced.
 */
export class FakeTimers {
  /** Now, in ms since the epoch. */
  now: number;
  /** Every delay `setTimeout` was asked for, in order. */
  readonly delays: number[] = [];
  readonly #pending = new Map<number, { at: number; callback: () => void }>();
  #next = 1;

  constructor(now: number) {
    this.now = now;
  }

  /** The clock function for the provider. */
  readonly clock = (): number => this.now;

  /** Schedules `callback` after `ms` (a fake handle with `unref`). */
  readonly setTimeout = (callback: () => void, ms: number): unknown => {
    this.delays.push(ms);
    const id = this.#next++;
    this.#pending.set(id, { at: this.now + ms, callback });
    return { id, unref: () => undefined };
  };

  /** Drops a scheduled callback. */
  readonly clearTimeout = (handle: unknown): void => {
    this.#pending.delete((handle as { id: number }).id);
  };

  /** How many callbacks are scheduled. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Moves time forward by `ms`, running each callback that falls due (in time order, including ones scheduled meanwhile); what they start runs on (await the provider's `settled()`). */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.#pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      this.#pending.delete(due[0]);
      this.now = Math.max(this.now, due[1].at);
      due[1].callback();
      await Promise.resolve();
    }
    this.now = end;
  }
}
