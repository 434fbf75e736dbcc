/** The default size of an `AnswerBudget`: 256 MiB. */
export const defaultAnswerBudgetBytes = 256 * 1024 * 1024;

/**
 * How many bytes of provider answers may be held in memory at once, shared
 * by every `ProviderProcess` given the same budget (`spawnProviders` gives
 * one to all the processes it starts). A process holds the bytes of the
 * answer line it is reading, and then, once the line is whole, the bytes of
 * a call's answer until that call is answered (the bridge aborts
 * `NativeContext.answered` once it checked the answer and stored its files;
 * at once for a caller that gives no such signal): answers the bridge still
 * holds count, not only those being read. The line that would take the
 * total past `maxBytes` is dropped and its call answers `unavailable` at once.
 */
export class AnswerBudget {
  /** The most bytes held at once. */
  readonly maxBytes: number;
  #used = 0;

  /** A budget of `maxBytes` (default 256 MiB), nothing held. */
  constructor(maxBytes = defaultAnswerBudgetBytes) {
    if (!(maxBytes > 0)) throw new RangeError(`maxBytes: expected a positive number of bytes, got ${maxBytes}`);
    this.maxBytes = maxBytes;
  }

  /** The bytes held now. */
  get usedBytes(): number {
    return this.#used;
  }

  /** A holder's bytes changed by `delta` (more read, or handed on); answers whether the total is still within the budget. */
  change(delta: number): boolean {
    this.#used += delta;
    return this.#used <= this.maxBytes;
  }
}
