import type { AuditRow, AuditSink, AuditWriteMeta } from '@xcap/audit';
import type { PendingAuditRow } from './pending-audit-row.js';

/** How long the call path waits for one `AuditSink.write` by default before it counts as failed. */
export const defaultAuditTimeoutMs = 5_000;

/** The options of an `AuditQueue`. */
export interface AuditQueueOptions {
  /** The host's clock, stamping when a row was queued. */
  readonly clock: () => Date;
  /** How long one sink write may take before it counts as failed (default `defaultAuditTimeoutMs`). */
  readonly timeoutMs?: number;
  /** Told about every failed write (for the host's log); its own errors are ignored. */
  readonly onError?: (error: unknown, row: AuditRow) => void;
}

/**
 * Writes audit rows to a host's sink in call order without ever losing one
 * or failing a call. A row the sink refuses (throws, rejects, or does not
 * settle within the timeout) stays in a pending queue; every later write or
 * `flush` first retries the queue from its oldest row and stops at the first
 * failure, so rows reach the sink in call order. Writes are serialised, so
 * concurrent calls never interleave. A sink that completes after its timeout
 * may see that row again on the retry: a row is never lost, at worst written
 * twice.
 */
export class AuditQueue {
  readonly #sink: AuditSink;
  readonly #options: AuditQueueOptions;
  #queue: PendingAuditRow[] = [];
  #tail: Promise<void> = Promise.resolve();

  constructor(sink: AuditSink, options: AuditQueueOptions) {
    this.#sink = sink;
    this.#options = options;
  }

  /** Queues the row and writes everything pending; resolves (never rejects) once the sink took what it would. */
  write(row: AuditRow, meta?: AuditWriteMeta): Promise<void> {
    const since = this.#now();
    return this.#serialised(() => {
      this.#queue.push({ row, since, attempts: 0, lastError: null, ...(meta === undefined ? {} : { meta }) });
    });
  }

  /** Retries the pending rows; answers how many are still pending. */
  async flush(): Promise<number> {
    await this.#serialised(() => undefined);
    return this.#queue.length;
  }

  /** The rows the sink has not accepted yet, oldest first (a snapshot). */
  get pending(): readonly PendingAuditRow[] {
    return [...this.#queue];
  }

  #serialised(before: () => void): Promise<void> {
    const run = this.#tail.then(async () => {
      before();
      await this.#drain();
    });
    this.#tail = run;
    return run;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const entry = this.#queue[0]!;
      const error = await this.#writeOne(entry.row, entry.meta);
      if (error !== undefined) {
        this.#queue[0] = { ...entry, attempts: entry.attempts + 1, lastError: message(error) };
        this.#report(error, entry.row);
        return;
      }
      this.#queue.shift();
    }
  }

  /** Writes one row; answers the failure, or `undefined` when the sink took it. */
  async #writeOne(row: AuditRow, meta: AuditWriteMeta | undefined): Promise<unknown> {
    const timeoutMs = this.#options.timeoutMs ?? defaultAuditTimeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<unknown>((resolve) => {
      timer = setTimeout(() => resolve(new Error(`audit sink did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const written = Promise.resolve()
      .then(() => (meta === undefined ? this.#sink.write(row) : this.#sink.write(row, meta)))
      .then(
        () => undefined,
        (error: unknown) => error ?? new Error('audit sink failed'),
      );
    try {
      return await Promise.race([written, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  #now(): string {
    try {
      return this.#options.clock().toISOString();
    } catch {
      return new Date(0).toISOString();
    }
  }

  #report(error: unknown, row: AuditRow): void {
    try {
      this.#options.onError?.(error, row);
    } catch {
      return;
    }
  }
}

/** The failure's text for `lastError`; never throws, so an odd rejection value cannot break the queue. */
function message(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'audit sink failed (the error cannot be printed)';
  }
}
