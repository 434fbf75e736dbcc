/** Options of `GroupCommit`. */
export interface GroupCommitOptions {
  /** The most items one commit takes (default 4096); this many waiting start a commit at once. */
  readonly maxBatch?: number;
  /** The name in the messages of its `RangeError`s (e.g. `SqliteAuditSink`). */
  readonly name?: string;
}

interface Waiting<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The group-commit batcher both audit sinks share: items added in one tick
 * are handed to the dialect's `commit` together (at `setImmediate`, or at
 * once when `maxBatch` are waiting), and each `add` settles only when its
 * batch's commit did — resolved, or rejected with the commit's error (every
 * item of that batch alike).
 *
 * `commit` may be synchronous (SQLite: a batch is committed before
 * `flushSync` returns) or answer a promise (PostgreSQL): then one commit is
 * in flight at a time, and items added meanwhile form the next batch, started
 * when it ends.
 */
export class GroupCommit<T> {
  readonly #commit: (batch: readonly T[]) => void | PromiseLike<void>;
  readonly #maxBatch: number;
  #waiting: Waiting<T>[] = [];
  #scheduled = false;
  #inFlight: Promise<void> | null = null;
  #commits = 0;

  constructor(commit: (batch: readonly T[]) => void | PromiseLike<void>, options: GroupCommitOptions = {}) {
    const maxBatch = options.maxBatch ?? 4096;
    if (!Number.isSafeInteger(maxBatch) || maxBatch < 1)
      throw new RangeError(`${options.name ?? 'GroupCommit'}: maxBatch must be a positive integer, got ${String(maxBatch)}`);
    this.#commit = commit;
    this.#maxBatch = maxBatch;
  }

  /** How many commits succeeded (group commit makes it fewer than the items). */
  get commits(): number {
    return this.#commits;
  }

  /** How many items wait for a commit that has not started. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Adds `item` to the next batch; resolves once that batch was committed, rejects with the commit's error. */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (this.#waiting.length >= this.#maxBatch) this.#commitWaiting();
      else this.#schedule();
    });
  }

  /** Commits what waits now, before returning, when `commit` is synchronous (a commit in flight is left to finish; what waits behind it follows). */
  flushSync(): void {
    this.#commitWaiting();
  }

  /** Resolves when nothing waits and no commit is in flight, committing what waits (failed commits settle their items and do not reject this). */
  async flush(): Promise<void> {
    while (this.#inFlight !== null || this.#waiting.length > 0) {
      this.#commitWaiting();
      if (this.#inFlight !== null) await this.#inFlight;
    }
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#commitWaiting();
    });
  }

  /** Commits batches of at most `maxBatch` until nothing waits or a commit is in flight. */
  #commitWaiting(): void {
    while (this.#inFlight === null && this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxBatch);
      let result: void | PromiseLike<void>;
      try {
        result = this.#commit(batch.map((waiting) => waiting.item));
      } catch (error) {
        settle(batch, error);
        continue;
      }
      if (result === undefined || typeof (result as { then?: unknown }).then !== 'function') {
        this.#commits++;
        settle(batch);
        continue;
      }
      this.#inFlight = Promise.resolve(result)
        .then(
          () => {
            this.#commits++;
            settle(batch);
          },
          (error: unknown) => settle(batch, error),
        )
        .finally(() => {
          this.#inFlight = null;
          if (this.#waiting.length >= this.#maxBatch) this.#commitWaiting();
          else if (this.#waiting.length > 0) this.#schedule();
        });
    }
  }
}

function settle<T>(batch: readonly Waiting<T>[], ...error: [] | [unknown]): void {
  for (const waiting of batch) {
    if (error.length === 0) waiting.resolve();
    else waiting.reject(error[0]);
  }
}
