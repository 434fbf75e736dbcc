import type { Writable } from 'node:stream';
import type { WritingState } from './writing-state.js';

/**
 * One write per tick: the text written in one turn of the event loop goes
 * to `output` in one `write()` at its end (one system call, not one each),
 * or at once at `close()`. While the output's buffer is full (`write()`
 * answered `false`) it is `draining`: `write` waits for `drain` (or the
 * output's `close`) before it batches more, all waiters on one listener.
 * After `fail` (or `close`) nothing more is written.
 */
export class BatchedWriter {
  readonly #output: Writable;
  #state: WritingState = 'open';
  #failure: string | undefined;
  /** Text written and not yet handed to the output; not empty while a flush is scheduled. */
  #batch = '';
  /** Settles on the output's next `drain` or `close`, while `draining`. */
  #drained: Promise<void> | undefined;
  #handedFirst: () => void = () => undefined;
  /** Settles once the first text was handed to the output, or when the writer stops taking text (closed, failed) before any was. */
  readonly firstWrite: Promise<void> = new Promise((resolve) => (this.#handedFirst = resolve));

  /** A writer for `output`. */
  constructor(output: Writable) {
    this.#output = output;
  }

  /** Where the writer stands. */
  get state(): WritingState {
    return this.#state;
  }

  /** Why the output failed (an error code such as `EPIPE`, or its message), once it did. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** Adds `text` to this tick's write, after waiting for `drain` while draining; resolves once it is batched (or dropped: failed, closed). */
  async write(text: string): Promise<void> {
    while (this.#drained !== undefined && this.#takes()) await this.#drained;
    if (!this.#takes()) return;
    if (this.#batch === '') process.nextTick(this.#flush);
    this.#batch += text;
  }

  /** Hands what is batched to the output now, then writes nothing more. */
  close(): void {
    this.#flush();
    this.#state = 'closed';
    this.#handedFirst();
  }

  /** The output failed (`error`): nothing more is written. Answers `false` when it had already failed or was closed. */
  fail(error: Error): boolean {
    if (!this.#takes()) return false;
    this.#state = 'failed';
    this.#failure = (error as NodeJS.ErrnoException).code ?? error.message;
    this.#handedFirst();
    return true;
  }

  /** Whether text is still taken (the writer is open or draining). */
  #takes(): boolean {
    return this.#state === 'open' || this.#state === 'draining';
  }

  readonly #flush = (): void => {
    const text = this.#batch;
    this.#batch = '';
    if (!this.#takes() || text === '') return;
    const taken = this.#output.write(text);
    this.#handedFirst();
    if (!taken) this.#drain();
  };

  #drain(): void {
    this.#state = 'draining';
    this.#drained = new Promise<void>((resolve) => {
      const done = () => {
        this.#output.off('drain', done);
        this.#output.off('close', done);
        this.#drained = undefined;
        if (this.#state === 'draining') this.#state = 'open';
        resolve();
      };
      this.#output.on('drain', done);
      this.#output.on('close', done);
    });
  }
}
