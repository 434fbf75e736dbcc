import type { AuditRow, AuditSink, AuditWriteMeta } from '@xcap/audit';
import type { PendingAuditRow } from './pending-audit-row.js';
import { maxTimerDelay, realTimers, withTimeout, type Timers } from '@xcap/wire';

/** How long the call path waits for one `AuditSink.write` by default before it counts as failed. */
export const defaultAuditTimeoutMs = 5_000;

/** How many unwritten rows the call path holds by default before it refuses new calls (`maxPendingAudit`). */
export const defaultMaxPendingAudit = 10_000;

/** The first delay before failed rows are retried; it doubles after every retry round that writes nothing. */
export const auditRetryFirstDelayMs = 100;

/** The longest delay between two retry rounds. */
export const auditRetryMaxDelayMs = 30_000;

/** How many retries of pending rows one round keeps in flight at once. */
export const auditRetryConcurrency = 16;

/** The options of an `AuditQueue`. */
export interface AuditQueueOptions {
  /** The host's clock, stamping when a row was queued. */
  readonly clock: () => Date;
  /** How long one sink write may take before it counts as failed (default `defaultAuditTimeoutMs`). */
  readonly timeoutMs?: number;
  /** Told about every failed write (for the host's log); its own errors are ignored. */
  readonly onError?: (error: unknown, row: AuditRow) => void;
  /** How many unwritten rows the queue holds before `full` is true (default `defaultMaxPendingAudit`). */
  readonly maxPending?: number;
  /** Told once when the queue turns `failing` and once when it is `ok` again (not once per row); its own errors are ignored. */
  readonly onState?: (change: AuditQueueStateChange) => void;
  /** The timers of the background retry rounds (default `realTimers` of `@xcap/wire`; a fake in tests). */
  readonly timers?: Timers;
}

/** Whether the sink takes rows: `failing` from a failed write until any write succeeds again. */
export type AuditQueueState = 'ok' | 'failing';

/** What `AuditQueueOptions.onState` is told when the queue's state changes. */
export interface AuditQueueStateChange {
  /** The new state. */
  readonly state: AuditQueueState;
  /** How many unwritten rows the queue holds now. */
  readonly pending: number;
  /** The failure that made it `failing`; `null` when it is `ok` again. */
  readonly error: string | null;
}

/** One row the sink has not accepted yet. */
interface Entry {
  readonly row: AuditRow;
  readonly meta: AuditWriteMeta | undefined;
  readonly since: string;
  attempts: number;
  lastError: string | null;
}

/**
 * Writes audit rows to a host's sink without ever losing one, failing a
 * call, or making one call wait on another's row.
 *
 * - `write(row)` makes ONE attempt at once, bounded by the timeout, and
 *   resolves (never rejects) when it ends: the caller waits for its own row
 *   at most once, never for a row ahead of it. Concurrent writes go to the
 *   sink concurrently, so rows may reach it out of call order (a sink that
 *   batches concurrent writes — group commit — gains from that). The first
 *   retry of rows that failed once rides along with the next write (in
 *   parallel, so it adds no wait): after a short outage, the next call
 *   brings the sink up to date.
 * - A row the sink refuses (throws, rejects, or does not settle within the
 *   timeout) stays pending and is retried (after that first ride-along) in
 *   the background in rounds: every
 *   pending row once per round, at most `auditRetryConcurrency` at a time, a
 *   failure never stopping the round, so one row the sink always refuses
 *   blocks no other. The first round starts `auditRetryFirstDelayMs` after a
 *   failure; the delay doubles after each round that writes nothing, up to
 *   `auditRetryMaxDelayMs`, and starts again from the first delay after a
 *   round that writes something. The retry timer does not keep a process
 *   alive: call `flush()` before exiting.
 * - The queue holds at most `maxPending` unwritten rows (in flight or
 *   waiting) before `full` is true; the call path then refuses new calls
 *   (see `writeOnce`). Rows already queued are never dropped.
 *
 * - Health: the queue is `failing` from any failed write until any write
 *   succeeds again (a retry, a probe, or a new row); `onState` hears each
 *   change once. `probe()` retries the oldest waiting rows at once, so a
 *   caller that refuses work while the sink fails learns without waiting
 *   for the next background round that it is back.
 * - `close()` stops the background retries: it retries every pending row
 *   once more and answers the rows still unwritten (for a host to spill).
 *
 * A sink that completes after its timeout may see that row again on a
 * retry: a row is never lost, at worst written twice.
 */
export class AuditQueue {
  readonly #sink: AuditSink;
  readonly #options: AuditQueueOptions;
  /** Every unwritten row, oldest first (a Set keeps insertion order). */
  readonly #entries = new Set<Entry>();
  /** Failed rows waiting for the next round. */
  readonly #waiting = new Set<Entry>();
  /** First attempts in flight. */
  readonly #writes = new Set<Promise<boolean>>();
  #round: Promise<void> | null = null;
  #timer: unknown = null;
  #delay = auditRetryFirstDelayMs;
  #unwrittenRefusals = 0;
  #state: AuditQueueState = 'ok';
  #probing: Promise<void> | null = null;
  #closed = false;

  constructor(sink: AuditSink, options: AuditQueueOptions) {
    this.#sink = sink;
    this.#options = options;
  }

  /**
   * Writes the row once now; a failed row stays pending for the background
   * retries. Rows that failed exactly once so far (at most
   * `auditRetryConcurrency`, oldest first) get their first retry alongside,
   * started just before it, so a sink that is back takes them in call order.
   * Resolves (never rejects) when these attempts end: within one audit
   * timeout, since they run in parallel. Answers whether the sink took THIS
   * row (a row it did not take stays pending).
   */
  async write(row: AuditRow, meta?: AuditWriteMeta): Promise<boolean> {
    const riders: Entry[] = [];
    for (const waiting of this.#waiting) {
      if (riders.length >= auditRetryConcurrency) break;
      if (waiting.attempts === 1) riders.push(waiting);
    }
    for (const rider of riders) this.#waiting.delete(rider);
    const rides = riders.map((rider) => this.#attempt(rider));
    const entry: Entry = { row, meta, since: this.#now(), attempts: 0, lastError: null };
    this.#entries.add(entry);
    const attempt = this.#attempt(entry);
    this.#writes.add(attempt);
    try {
      const [written] = await Promise.all([attempt, ...rides]);
      return written;
    } finally {
      this.#writes.delete(attempt);
    }
  }

  /**
   * Writes the row of a call refused because the queue is full: one attempt
   * (bounded by the timeout), and the row is NOT kept when it fails — the
   * bound holds. Such a failure is never silent: it is counted
   * (`unwrittenRefusals`) and reported to `onError` with an error saying the
   * queue is full. Answers whether the sink took the row.
   */
  async writeOnce(row: AuditRow, meta?: AuditWriteMeta): Promise<boolean> {
    const error = await this.#writeOne(row, meta);
    if (error === undefined) {
      this.#recovered();
      return true;
    }
    this.#unwrittenRefusals++;
    this.#fail(error);
    const why = this.#closed ? 'audit queue is closed' : `audit queue is full (${this.#entries.size} rows pending)`;
    this.#report(new Error(`${why}: the row of a call refused for that was not written either: ${message(error)}`), row);
    return false;
  }

  /** Retries every pending row now (after the first attempts in flight end); answers how many are still pending. */
  async flush(): Promise<number> {
    await Promise.all([...this.#writes]);
    if (this.#round !== null) await this.#round;
    if (this.#waiting.size > 0) {
      this.#clearTimer();
      await this.#startRound();
    }
    return this.#entries.size;
  }

  /**
   * While `failing`: retries the oldest waiting rows at once (at most
   * `auditRetryConcurrency`, in parallel, bounded by the timeout); callers
   * at the same time share one probe. Answers whether the queue is `ok`
   * afterwards. Never rejects.
   */
  async probe(): Promise<boolean> {
    if (this.#state === 'ok') return true;
    if (this.#probing === null) {
      const batch: Entry[] = [];
      for (const waiting of this.#waiting) {
        if (batch.length >= auditRetryConcurrency) break;
        batch.push(waiting);
      }
      for (const entry of batch) this.#waiting.delete(entry);
      this.#probing = Promise.all(batch.map((entry) => this.#attempt(entry))).then(() => {
        this.#probing = null;
      });
    }
    await this.#probing;
    return this.state === 'ok';
  }

  /**
   * Stops the background retries for good: waits for the attempts in
   * flight, retries every pending row once more (as `flush`), and answers
   * the rows the sink still has not taken, oldest first — what a host must
   * keep elsewhere (a spill file) before it exits. Rows written after this
   * are attempted once and not retried.
   */
  async close(): Promise<readonly PendingAuditRow[]> {
    await this.flush();
    this.#closed = true;
    this.#clearTimer();
    // flush() has awaited any round, and nothing starts one before #closed is set; a probe may still be running.
    if (this.#probing !== null) await this.#probing;
    return this.pending;
  }

  /** True after `close()`: the call path refuses new calls. */
  get closed(): boolean {
    return this.#closed;
  }

  /** `failing` from a failed write until any write succeeds again. */
  get state(): AuditQueueState {
    return this.#state;
  }

  /** The rows the sink has not accepted yet (in flight or waiting), oldest first (a snapshot). */
  get pending(): readonly PendingAuditRow[] {
    return [...this.#entries].map((e) => ({
      row: e.row,
      since: e.since,
      attempts: e.attempts,
      lastError: e.lastError,
      ...(e.meta === undefined ? {} : { meta: e.meta }),
    }));
  }

  /** How many unwritten rows the queue holds. */
  get size(): number {
    return this.#entries.size;
  }

  /** True when the queue holds `maxPending` rows or more: the call path refuses new calls until rows get written. */
  get full(): boolean {
    return this.#entries.size >= (this.#options.maxPending ?? defaultMaxPendingAudit);
  }

  /** How many rows of calls refused because the queue was full the sink did not take either (each reported to `onError`). */
  get unwrittenRefusals(): number {
    return this.#unwrittenRefusals;
  }

  /** One attempt at a queued row; on failure it waits for the next round. Answers whether it was written. */
  async #attempt(entry: Entry): Promise<boolean> {
    const error = await this.#writeOne(entry.row, entry.meta);
    if (error === undefined) {
      this.#entries.delete(entry);
      this.#recovered();
      return true;
    }
    entry.attempts++;
    entry.lastError = message(error);
    this.#waiting.add(entry);
    this.#report(error, entry.row);
    this.#fail(error);
    this.#schedule();
    return false;
  }

  /** A write failed: `failing`, told once. */
  #fail(error: unknown): void {
    if (this.#state === 'failing') return;
    this.#state = 'failing';
    this.#tell({ state: 'failing', pending: this.#entries.size, error: message(error) });
  }

  /** A write succeeded: `ok`, told once. */
  #recovered(): void {
    if (this.#state === 'ok') return;
    this.#state = 'ok';
    this.#tell({ state: 'ok', pending: this.#entries.size, error: null });
  }

  #tell(change: AuditQueueStateChange): void {
    try {
      this.#options.onState?.(change);
    } catch {
      return;
    }
  }

  #schedule(): void {
    if (this.#closed || this.#timer !== null || this.#round !== null || this.#waiting.size === 0) return;
    const timer = (this.#options.timers ?? realTimers).setTimeout(
      () => {
        this.#timer = null;
        void this.#startRound();
      },
      Math.min(this.#delay, maxTimerDelay),
    );
    // A Node timer would keep the process alive for rows nobody flushes: the retries must not.
    (timer as { unref?: () => void } | null)?.unref?.();
    this.#timer = timer;
  }

  #clearTimer(): void {
    if (this.#timer !== null) (this.#options.timers ?? realTimers).clearTimeout(this.#timer);
    this.#timer = null;
  }

  #startRound(): Promise<void> {
    this.#round ??= this.#runRound().finally(() => {
      this.#round = null;
      this.#schedule();
    });
    return this.#round;
  }

  /** Tries every waiting row once, a few at a time; a failure never stops the round. */
  async #runRound(): Promise<void> {
    const batch = [...this.#waiting];
    this.#waiting.clear();
    let next = 0;
    let written = 0;
    const worker = async () => {
      while (next < batch.length) {
        const entry = batch[next++] as Entry;
        if (await this.#attempt(entry)) written++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(auditRetryConcurrency, batch.length) }, worker));
    this.#delay = written > 0 ? auditRetryFirstDelayMs : Math.min(this.#delay * 2, auditRetryMaxDelayMs);
  }

  /** Writes one row; answers the failure (a timeout included), or `undefined` when the sink took it. */
  async #writeOne(row: AuditRow, meta: AuditWriteMeta | undefined): Promise<unknown> {
    try {
      await withTimeout(
        () => (meta === undefined ? this.#sink.write(row) : this.#sink.write(row, meta)),
        this.#options.timeoutMs ?? defaultAuditTimeoutMs,
        'audit sink',
      );
      return undefined;
    } catch (error) {
      return error ?? new Error('audit sink failed');
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
