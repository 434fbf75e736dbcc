import { realTimers, type Timers } from '@xcap/wire';

/** The bounds of a `FairGate`. */
export interface FairGateOptions {
  /** Requests running at once, over every key. */
  readonly maxInFlight: number;
  /** Requests of one key running at once (below `maxInFlight`, so one key never holds every slot). */
  readonly maxInFlightPerKey: number;
  /** Requests of one key waiting for a slot; one more is refused at once. */
  readonly maxQueuedPerKey: number;
  /** How long a request waits for a slot before it is refused, in milliseconds. */
  readonly maxWaitMs: number;
  /** The timers the `maxWaitMs` wait runs on (default `realTimers`). */
  readonly timers?: Timers;
}

/** Gives back a slot (idempotent). */
export type Release = () => void;

interface Waiter {
  readonly grant: (release: Release | null) => void;
  timer: unknown;
}

/**
 * A bound on requests in flight that is fair across keys (a key is a token
 * name): at most `maxInFlight` run at once and at most `maxInFlightPerKey`
 * of one key; the rest wait in their key's queue (first come, first served
 * within a key) and a freed slot goes to the keys with waiters in turn
 * (round robin), so an agent that floods the host waits behind its own
 * requests while the others keep their share. A request is refused
 * (`enter` answers `null`) when its key's queue is full, when it waited
 * `maxWaitMs`, or when its `signal` aborts while it waits.
 */
export class FairGate {
  readonly #options: Required<Omit<FairGateOptions, 'timers'>>;
  readonly #timers: Timers;
  readonly #running = new Map<string, number>();
  readonly #queues = new Map<string, Waiter[]>();
  /** Keys with waiters, in the order they are served. */
  readonly #ring: string[] = [];
  #cursor = 0;
  #total = 0;

  /** A gate with these bounds (each a positive integer; `maxQueuedPerKey` may be 0). */
  constructor(options: FairGateOptions) {
    const { timers = realTimers, ...bounds } = options;
    for (const [name, value] of Object.entries(bounds)) {
      if (!Number.isSafeInteger(value) || value < (name === 'maxQueuedPerKey' ? 0 : 1))
        throw new RangeError(`FairGate: ${name} must be a positive integer, got ${String(value)}`);
    }
    this.#options = { ...bounds, maxInFlightPerKey: Math.min(bounds.maxInFlightPerKey, bounds.maxInFlight) };
    this.#timers = timers;
  }

  /** Requests running now (over every key). */
  get inFlight(): number {
    return this.#total;
  }

  /** Requests waiting now (over every key). */
  get waiting(): number {
    let count = 0;
    for (const queue of this.#queues.values()) count += queue.length;
    return count;
  }

  /** Whether `enter(key)` called now would wait for a slot (or be refused) rather than run at once. */
  mustWait(key: string): boolean {
    return this.#queues.has(key) || !this.#canRun(key);
  }

  /** Takes a slot for `key`: the release function once it runs, `null` when refused. */
  enter(key: string, signal?: AbortSignal): Promise<Release | null> {
    if (signal?.aborted === true) return Promise.resolve(null);
    const queue = this.#queues.get(key);
    if (queue === undefined && this.#canRun(key)) return Promise.resolve(this.#start(key));
    if ((queue?.length ?? 0) >= this.#options.maxQueuedPerKey) return Promise.resolve(null);
    return new Promise<Release | null>((resolve) => {
      const onAbort = () => leave();
      const waiter: Waiter = {
        grant: (release) => {
          if (waiter.timer !== undefined) this.#timers.clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        timer: undefined,
      };
      const leave = () => {
        const waiting = this.#queues.get(key);
        const index = waiting?.indexOf(waiter) ?? -1;
        if (waiting === undefined || index < 0) return;
        waiting.splice(index, 1);
        if (waiting.length === 0) this.#dropKey(key);
        waiter.grant(null);
      };
      waiter.timer = this.#timers.setTimeout(leave, this.#options.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (queue === undefined) {
        this.#queues.set(key, [waiter]);
        this.#ring.push(key);
      } else queue.push(waiter);
    });
  }

  #canRun(key: string): boolean {
    return this.#total < this.#options.maxInFlight && (this.#running.get(key) ?? 0) < this.#options.maxInFlightPerKey;
  }

  #start(key: string): Release {
    this.#total++;
    this.#running.set(key, (this.#running.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#running.get(key) ?? 1) - 1;
      if (left === 0) this.#running.delete(key);
      else this.#running.set(key, left);
      this.#pump();
    };
  }

  /** Hands free slots to waiting keys in turn. */
  #pump(): void {
    let skipped = 0;
    while (this.#total < this.#options.maxInFlight && this.#ring.length > 0 && skipped < this.#ring.length) {
      if (this.#cursor >= this.#ring.length) this.#cursor = 0;
      const key = this.#ring[this.#cursor] as string;
      if (!this.#canRun(key)) {
        this.#cursor++;
        skipped++;
        continue;
      }
      skipped = 0;
      const queue = this.#queues.get(key) as Waiter[];
      const waiter = queue.shift() as Waiter;
      if (queue.length === 0) this.#dropKey(key);
      else this.#cursor++;
      waiter.grant(this.#start(key));
    }
  }

  #dropKey(key: string): void {
    this.#queues.delete(key);
    const index = this.#ring.indexOf(key);
    if (index < 0) return;
    this.#ring.splice(index, 1);
    if (index < this.#cursor) this.#cursor--;
  }
}
