import { isObject } from './is-object.js';
import { realTimers } from './real-timers.js';
import { timerDelay } from './timer-delay.js';
import type { Timers } from './timers.js';

/** The `error` of a JSON-RPC error answer as `JsonRpcPeer` reads it: a code (-32603 when the answer gave none) and a message (`no message` when it gave none). */
export interface JsonRpcAnswerErrorFields {
  /** The answer's `error.code`, or -32603 (internal error) when it is not a number. */
  readonly code: number;
  /** The answer's `error.message`, or `no message` when it is not a string. */
  readonly message: string;
}

/** Options of `JsonRpcPeer`. */
export interface JsonRpcPeerOptions {
  /**
   * Hands one line (the message and its `\n`) to the other side; answers
   * `false` when the pipe's buffer is full (a `Writable`'s `write()`), and
   * the peer then writes nothing more until `drained()` is called.
   */
  readonly write: (line: string) => boolean;
  /** The rejection of a request answered with an `error` (`error`), or with neither `result` nor `error` (`undefined`). */
  readonly answerError: (id: number, error: JsonRpcAnswerErrorFields | undefined) => Error;
  /** The clock the request timeouts run on (default `realTimers`). */
  readonly timers?: Timers;
  /** How many ids of timed-out requests are remembered, so their late answers read as `late` rather than `unknown` (default 1024). */
  readonly rememberedTimeouts?: number;
}

/** How long one `JsonRpcPeer.request` waits, and what then. */
export interface JsonRpcRequestOptions {
  /** How long the request may go unanswered, in ms (`Infinity`: for ever). */
  readonly timeoutMs: number;
  /** The rejection once `timeoutMs` passed without an answer. */
  readonly timeoutError: (id: number) => Error;
  /** The notification sent to the other side when the request timed out (e.g. a cancel naming its id); none by default. */
  readonly cancel?: (id: number) => { readonly method: string; readonly params?: unknown };
  /** Told the id the request is sent with, before it is written (to match its answer in `receive`'s `answered`). */
  readonly sent?: (id: number) => void;
}

/** What one message `JsonRpcPeer.receive` took was. */
export type JsonRpcReceived =
  /** Not a JSON object: no JSON-RPC message. */
  | { readonly kind: 'invalid' }
  /** A request or notification of the other side (it has a string `method`): the peer does not serve it. */
  | { readonly kind: 'incoming'; readonly method: string }
  /** The answer to a request in flight, which it settled. */
  | { readonly kind: 'answered'; readonly id: number }
  /** The answer to a request that timed out (ignore it quietly). */
  | { readonly kind: 'late'; readonly id: number }
  /** An answer to no request in flight (its `id` as sent, `undefined` when it had none). */
  | { readonly kind: 'unknown'; readonly id: unknown };

/** A request in flight. */
interface InFlight {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly options: JsonRpcRequestOptions;
  timer: unknown;
}

/**
 * The requesting side of a JSON-RPC 2.0 connection over lines: numbers its
 * requests (1, 2, …), keeps each one in flight until its answer, an
 * `error` answer (rejected with `answerError`) or its timeout (rejected
 * with `timeoutError`, after sending its `cancel` notification), and
 * honours backpressure: once `write` answered `false`, later lines wait,
 * in order, until `drained()`. The owner reads the other side's messages
 * and hands each parsed one to `receive`, which says what it was.
 */
export class JsonRpcPeer {
  readonly #options: JsonRpcPeerOptions;
  readonly #timers: Timers;
  readonly #remembered: number;
  readonly #inFlight = new Map<number, InFlight>();
  readonly #timedOut = new Set<number>();
  #nextId = 1;
  #unwritten: string[] = [];
  #unwrittenBytes = 0;
  #blocked = false;

  /** A peer writing with `options.write`. */
  constructor(options: JsonRpcPeerOptions) {
    this.#options = options;
    this.#timers = options.timers ?? realTimers;
    this.#remembered = options.rememberedTimeouts ?? 1024;
  }

  /** Requests sent and not yet answered, failed or timed out. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** The bytes (UTF-8) of the lines waiting for `drained()`, not yet handed to `write`. */
  get unwrittenBytes(): number {
    return this.#unwrittenBytes;
  }

  /** Whether lines wait for `drained()` (the last `write` answered `false`). */
  get blocked(): boolean {
    return this.#blocked;
  }

  /** Sends request `method` with `params`; resolves with the answer's `result`, or rejects (an `error` answer, the timeout, `fail`, `rejectAll`). */
  request(method: string, params: unknown, options: JsonRpcRequestOptions): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const entry: InFlight = { resolve, reject, options, timer: undefined };
      if (Number.isFinite(options.timeoutMs)) entry.timer = this.#timers.setTimeout(() => this.#expire(id, entry), timerDelay(options.timeoutMs));
      this.#inFlight.set(id, entry);
      options.sent?.(id);
      this.#send({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** Sends notification `method` (with `params` when given). */
  notify(method: string, params?: unknown): void {
    // JSON.stringify leaves out a `params` that is undefined.
    this.#send({ jsonrpc: '2.0', method, params });
  }

  /** Takes one parsed message of the other side: settles the request it answers, and says what it was. */
  receive(message: unknown): JsonRpcReceived {
    if (!isObject(message)) return { kind: 'invalid' };
    if (typeof message['method'] === 'string') return { kind: 'incoming', method: message['method'] };
    const id = message['id'];
    const entry = typeof id === 'number' ? this.#take(id) : undefined;
    if (typeof id !== 'number' || entry === undefined) {
      if (typeof id === 'number' && this.#timedOut.delete(id)) return { kind: 'late', id };
      return { kind: 'unknown', id };
    }
    if ('error' in message) {
      const error = isObject(message['error']) ? message['error'] : {};
      const code = typeof error['code'] === 'number' ? error['code'] : -32603;
      const text = typeof error['message'] === 'string' ? error['message'] : 'no message';
      entry.reject(this.#options.answerError(id, { code, message: text }));
    } else if ('result' in message) {
      entry.resolve(message['result']);
    } else {
      entry.reject(this.#options.answerError(id, undefined));
    }
    return { kind: 'answered', id };
  }

  /** Rejects request `id` with `error` (e.g. its answer was too long to read); `false` when it is not in flight. */
  fail(id: number, error: Error): boolean {
    const entry = this.#take(id);
    entry?.reject(error);
    return entry !== undefined;
  }

  /** Rejects every request in flight with `error(id)` (the other side is gone); answers how many there were. */
  rejectAll(error: (id: number) => Error): number {
    const entries = [...this.#inFlight];
    for (const [id] of entries) this.#take(id);
    for (const [id, entry] of entries) entry.reject(error(id));
    return entries.length;
  }

  /** The pipe drained: the lines that waited are written, in order, until one is refused again. */
  drained(): void {
    this.#blocked = false;
    let next = 0;
    while (!this.#blocked && next < this.#unwritten.length) {
      const line = this.#unwritten[next] as string;
      next++;
      this.#unwrittenBytes -= Buffer.byteLength(line);
      this.#blocked = !this.#options.write(line);
    }
    this.#unwritten = this.#unwritten.slice(next);
  }

  /** Drops the lines waiting for `drained()` (the pipe they were meant for is gone; a new one starts unblocked). */
  discardUnwritten(): void {
    this.#unwritten = [];
    this.#unwrittenBytes = 0;
    this.#blocked = false;
  }

  #send(message: object): void {
    const line = `${JSON.stringify(message)}\n`;
    if (this.#blocked) {
      this.#unwritten.push(line);
      this.#unwrittenBytes += Buffer.byteLength(line);
    } else this.#blocked = !this.#options.write(line);
  }

  #take(id: number): InFlight | undefined {
    const entry = this.#inFlight.get(id);
    if (entry === undefined) return undefined;
    this.#inFlight.delete(id);
    this.#timers.clearTimeout(entry.timer);
    return entry;
  }

  #expire(id: number, entry: InFlight): void {
    if (this.#inFlight.get(id) !== entry) return;
    this.#inFlight.delete(id);
    this.#timedOut.add(id);
    if (this.#timedOut.size > this.#remembered) this.#timedOut.delete(this.#timedOut.values().next().value as number);
    const cancel = entry.options.cancel?.(id);
    if (cancel !== undefined) this.notify(cancel.method, cancel.params);
    entry.reject(entry.options.timeoutError(id));
  }
}
