import type { Readable, Writable } from 'node:stream';
import { ProtocolErrorCode, type JSONRPCMessage, type RequestId, type Transport } from '@modelcontextprotocol/server';
import { readMessage } from './readable-message.js';
import type { RefusedCallWatch } from './refused-call-watch.js';
import { BoundedLineSplitter, errorAnswer, topLevelId } from '@xcap/wire';

/** Options of `LineTransport`. */
export interface LineTransportOptions {
  /** The longest message in bytes, newline excluded (default 16 MiB); a longer line is discarded while it is read. */
  readonly maxMessageBytes?: number;
  /** Requests delivered and not yet answered before reading pauses (default 64); reading goes on while the server waits for the client's answer to one of its own requests. */
  readonly maxInFlight?: number;
  /** Where the transport's one-line notices go (a discarded line, a failed input). */
  readonly log?: (line: string) => void;
  /** Told each tools/call request delivered and each answer sent; an answer it holds (the row of a request the SDK refused) is written once its row's write settled. */
  readonly watch?: RefusedCallWatch;
}

/** Why a `LineTransport` stopped. */
export type LineTransportEnd = 'input-ended' | 'input-failed' | 'output-failed' | 'closed';

/** The default `maxMessageBytes`: 16 MiB. */
export const defaultMaxMessageBytes = 16 * 1024 * 1024;

/** The default `maxInFlight`: 64 requests. */
export const defaultMaxInFlight = 64;

/**
 * MCP's stdio binding (one JSON-RPC message per line) over any pair of
 * byte streams, with bounds:
 *
 * - One maximum message size, enforced while reading, in linear time: a
 *   line over `maxMessageBytes` is discarded as it arrives (memory stays
 *   bounded), reported in one `log` line, and answered -32600 when its id
 *   can be read from its first KiB. Reading goes on.
 * - Backpressure: while `maxInFlight` requests are delivered and not yet
 *   answered, the input is paused (unless the server is waiting for the
 *   client's answer to one of its own requests, which must be read).
 * - One write per tick: the lines sent in one turn of the event loop (the
 *   answers of the calls whose rows were committed together) are handed to
 *   the output in one write at its end — one system call, not one each.
 * - Writes never throw: a failed output (EPIPE) ends the transport
 *   (`ended` settles `output-failed`, `outputFailure` names the error);
 *   nothing more is written.
 * - The end of input does NOT close the connection: `ended` settles
 *   `input-ended`, and the owner closes once the calls in flight are
 *   answered.
 *
 * A line that is not JSON is answered -32700 (id null); each message is
 * read by `readMessage` (tools/call requests the JSON-RPC schemas refuse
 * are still delivered). With a `watch` (`RefusedCallWatch`), the answer to
 * a tools/call the SDK refused before any handler ran is written only once
 * that request's row is written (it counts as in flight until then).
 */
export class LineTransport implements Transport {
  /** Set by the SDK. */
  onmessage?: Transport['onmessage'];
  /** Set by the SDK. */
  onclose?: Transport['onclose'];
  /** Set by the SDK. */
  onerror?: Transport['onerror'];
  /** Settles once, with why the transport stopped reading or writing (not on `close()` by the owner before that: then `closed`). */
  readonly ended: Promise<LineTransportEnd>;

  readonly #input: Readable;
  readonly #output: Writable;
  readonly #max: number;
  readonly #maxInFlight: number;
  readonly #log: (line: string) => void;
  readonly #watch: RefusedCallWatch | undefined;
  #end: (why: LineTransportEnd) => void = () => undefined;
  #ended = false;
  #closed = false;
  #writable = true;
  #outputFailure: string | undefined;
  #drained: Promise<void> | null = null;
  /** Lines written and not yet handed to the output (one write at the end of the current tick). */
  #batch = '';
  #batchScheduled = false;
  /** Splits the input into bounded lines (a line over the limit is discarded as it arrives). */
  readonly #splitter: BoundedLineSplitter;
  /** Complete lines not yet delivered (reading paused). */
  #lines: Buffer[] = [];
  #next = 0;
  readonly #inFlight = new Set<RequestId>();
  readonly #outbound = new Set<RequestId>();
  #paused = false;
  #inputDone = false;

  /** A transport reading `input` and writing `output`. */
  constructor(input: Readable, output: Writable, options: LineTransportOptions = {}) {
    this.#input = input;
    this.#output = output;
    this.#max = options.maxMessageBytes ?? defaultMaxMessageBytes;
    this.#maxInFlight = options.maxInFlight ?? defaultMaxInFlight;
    this.#log = options.log ?? (() => undefined);
    this.#watch = options.watch;
    this.#splitter = new BoundedLineSplitter(this.#max, {
      line: (line) => this.#lines.push(line),
      oversized: (head, bytes) => this.#oversized(head, bytes),
    });
    this.ended = new Promise((resolve) => (this.#end = resolve));
  }

  /** Requests delivered and not yet answered. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Why the output failed (`EPIPE`, …), once it did: nothing more is written. */
  get outputFailure(): string | undefined {
    return this.#outputFailure;
  }

  /** Whether reading is paused by the in-flight bound. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Starts reading. */
  async start(): Promise<void> {
    this.#input.on('data', this.#onData);
    this.#input.on('end', this.#onInputEnd);
    this.#input.on('error', this.#onInputError);
    this.#output.on('error', this.#onOutputError);
    if (this.#input.readableEnded) setImmediate(this.#onInputEnd);
  }

  /** Stops reading (the calls in flight still answer). */
  stopReading(): void {
    this.#input.off('data', this.#onData);
    this.#input.pause();
    this.#lines = [];
    this.#next = 0;
    this.#inputDone = true;
  }

  /** Writes one message as a line: the lines sent in one tick go out in one write at its end (and at `close()`); resolves once the line is queued for it, after waiting for `drain` while the output's buffer is full. Never rejects: after an output failure, messages are dropped. */
  async send(message: JSONRPCMessage): Promise<void> {
    // The answer to a tools/call the SDK refused waits for that request's row (it still counts as in flight meanwhile).
    const held = this.#watch?.answering(message);
    if (held !== undefined) await held;
    if ('method' in message) {
      if ('id' in message) {
        // The client must be heard while the server waits for its answer: reading resumes.
        this.#outbound.add(message.id);
        this.#pump();
      }
    } else if ('id' in message && message.id !== undefined && this.#inFlight.delete(message.id)) {
      this.#pump();
    }
    await this.#write(`${JSON.stringify(message)}\n`);
  }

  /** Stops reading and writing and tells the SDK (`onclose`). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#flushBatch();
    this.stopReading();
    this.#input.off('end', this.#onInputEnd);
    this.#input.off('error', this.#onInputError);
    this.#finish('closed');
    this.onclose?.();
  }

  #finish(why: LineTransportEnd): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#end(why);
  }

  async #write(text: string): Promise<void> {
    if (!this.#writable) return;
    while (this.#drained !== null) await this.#drained;
    if (!this.#writable) return;
    // The lines of one turn of the event loop (the answers of calls committed together) go out in one write.
    this.#batch += text;
    if (!this.#batchScheduled) {
      this.#batchScheduled = true;
      process.nextTick(this.#flushBatch);
    }
  }

  /** Hands the lines written since the last flush to the output in one write; waits for `drain` when its buffer is full. */
  readonly #flushBatch = (): void => {
    this.#batchScheduled = false;
    const text = this.#batch;
    this.#batch = '';
    if (!this.#writable || text === '') return;
    if (!this.#output.write(text)) {
      this.#drained = new Promise<void>((resolve) => {
        const done = () => {
          this.#output.off('drain', done);
          this.#output.off('close', done);
          this.#drained = null;
          resolve();
        };
        this.#output.on('drain', done);
        this.#output.on('close', done);
      });
    }
  };

  readonly #onData = (chunk: Buffer | string): void => {
    this.#splitter.push(chunk);
    this.#pump();
  };

  #oversized(head: string, bytes: number): void {
    const id = topLevelId(head);
    this.#log(`discarded an input line of ${bytes} bytes: over the ${this.#max}-byte message limit${id === undefined ? ' (no id read, not answered)' : ` (request id ${JSON.stringify(id)} answered -32600)`}`);
    if (id !== undefined) void this.#write(`${JSON.stringify(errorAnswer(id, ProtocolErrorCode.InvalidRequest, `Request too large: ${bytes} bytes, over the ${this.#max}-byte message limit`))}\n`);
  }

  /** Delivers complete lines while under the in-flight bound; pauses or resumes the input. */
  #pump(): void {
    while (this.#next < this.#lines.length && !this.#full()) {
      const line = this.#lines[this.#next] as Buffer;
      this.#next++;
      this.#deliver(line);
    }
    if (this.#next >= this.#lines.length) {
      this.#lines = [];
      this.#next = 0;
    }
    const wait = this.#next < this.#lines.length || this.#full();
    if (wait && !this.#paused && !this.#inputDone) {
      this.#paused = true;
      this.#input.pause();
    } else if (!wait && this.#paused) {
      this.#paused = false;
      if (!this.#inputDone) this.#input.resume();
    }
    if (this.#inputEndedPending && this.#next >= this.#lines.length) {
      this.#inputEndedPending = false;
      this.#finish('input-ended');
    }
  }

  #inputEndedPending = false;

  #full(): boolean {
    return this.#inFlight.size >= this.#maxInFlight && this.#outbound.size === 0;
  }

  #deliver(line: Buffer): void {
    if (this.#closed) return;
    const text = line.toString('utf8');
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (trimmed.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      void this.#write(`${JSON.stringify(errorAnswer(null, ProtocolErrorCode.ParseError, 'Parse error: the line is not JSON'))}\n`);
      return;
    }
    const read = readMessage(value);
    if (read.kind === 'answer') {
      void this.#write(`${JSON.stringify(read.answer)}\n`);
      return;
    }
    if (read.kind === 'drop') {
      this.onerror?.(new Error(`dropped an input message: ${read.why}`));
      return;
    }
    const message = read.message;
    if ('method' in message) {
      if ('id' in message) {
        this.#inFlight.add(message.id);
        if (message.method === 'tools/call') this.#watch?.delivered(message);
      } else if (message.method === 'notifications/cancelled') this.#cancelled(message.params);
    } else if ('id' in message && message.id !== undefined) {
      this.#outbound.delete(message.id);
    }
    this.onmessage?.(message);
  }

  /** A cancelled request is not answered by the SDK: it no longer counts as in flight. */
  #cancelled(params: unknown): void {
    const id = typeof params === 'object' && params !== null ? (params as { requestId?: unknown }).requestId : undefined;
    if ((typeof id === 'string' || typeof id === 'number') && this.#inFlight.delete(id)) {
      this.#watch?.cancelled(id);
      queueMicrotask(() => this.#pump());
    }
  }

  readonly #onInputEnd = (): void => {
    if (this.#inputDone && this.#ended) return;
    this.#inputDone = true;
    // A last line without a newline is a message too.
    this.#splitter.end();
    this.#inputEndedPending = true;
    this.#pump();
  };

  readonly #onInputError = (error: Error): void => {
    this.#log(`input failed: ${error.message}`);
    this.#inputDone = true;
    this.#finish('input-failed');
  };

  readonly #onOutputError = (error: Error): void => {
    if (!this.#writable) return;
    this.#writable = false;
    this.#outputFailure = (error as NodeJS.ErrnoException).code ?? error.message;
    this.#drained = null;
    this.#finish('output-failed');
  };
}
