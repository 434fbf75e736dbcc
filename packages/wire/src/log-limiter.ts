/** How many lines of one kind a `LogLimiter` lets through. */
export interface LogLimiterOptions {
  /** Lines of one key let through at once before the rate applies (default 20). */
  readonly burst?: number;
  /** Lines of one key let through per second after the burst (default 2). */
  readonly perSecond?: number;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

/** One key's token bucket, the lines it held back since the last one let through, and where its lines go. */
interface Bucket {
  tokens: number;
  at: number;
  suppressed: number;
  to: (line: string) => void;
}

/**
 * A bound on the volume of repeatable log lines: each key (a kind of line —
 * a provider's ignored stdout, request errors, … — taken from a fixed set,
 * never from outside text) has a token bucket of `burst` lines refilled at
 * `perSecond`. A line whose bucket is empty is not written but counted; the
 * next line of that key let through is preceded by
 * `<key>: … <n> similar line(s) suppressed`, and `flush()` (at close) writes
 * that line for every key still holding some back.
 */
export class LogLimiter {
  readonly #burst: number;
  readonly #perMs: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  /** A limiter with its own buckets (one per key). */
  constructor(options: LogLimiterOptions = {}) {
    const burst = options.burst ?? 20;
    const perSecond = options.perSecond ?? 2;
    if (!Number.isSafeInteger(burst) || burst < 1) throw new RangeError(`LogLimiter: burst must be a positive integer, got ${String(burst)}`);
    if (!Number.isFinite(perSecond) || perSecond <= 0) throw new RangeError(`LogLimiter: perSecond must be a positive number, got ${String(perSecond)}`);
    this.#burst = burst;
    this.#perMs = perSecond / 1000;
    this.#now = options.now ?? Date.now;
  }

  /** Writes `line` to `to` when `key`'s bucket has room (after the summary of what it held back), else counts it; answers whether it was written. */
  write(key: string, line: string, to: (line: string) => void): boolean {
    const now = this.#now();
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: this.#burst, at: now, suppressed: 0, to };
      this.#buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.#burst, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs);
      bucket.at = now;
      bucket.to = to;
    }
    if (bucket.tokens < 1) {
      bucket.suppressed += 1;
      return false;
    }
    bucket.tokens -= 1;
    this.#summarize(key, bucket);
    to(line);
    return true;
  }

  /** Writes the summary line of every key holding lines back (and forgets the counts); the buckets stay as they are. */
  flush(): void {
    for (const [key, bucket] of this.#buckets) this.#summarize(key, bucket);
  }

  #summarize(key: string, bucket: Bucket): void {
    if (bucket.suppressed === 0) return;
    const count = bucket.suppressed;
    bucket.suppressed = 0;
    bucket.to(`${key}: … ${count} similar line(s) suppressed`);
  }
}
