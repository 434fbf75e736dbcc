import type { Readable, Writable } from 'node:stream';
import { ProtocolErrorCode, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { readMessage } from './readable-message.js';
import type { RefusedCallWatch } from './refused-call-watch.js';
import { BoundedLineSplitter, errorAnswer, isObject, topLevelId, type JsonRpcErrorAnswer } from '@xcap/wire';
import type { ReceivedToolsCall } from './tools-call-requests.js';
import { BatchedWriter } from './batched-writer.js';
import { InFlightGate } from './in-flight-gate.js';
import type { ReadingState } from './reading-state.js';
import type { WritingState } from './writing-state.js';

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
 * Two states say where it stands: `reading` (`reading`, `paused` by the
 * in-flight bound, `done`) and `writing` (`open`, `draining` while the
 * output's buffer is full, `failed`, `closed`); the batched writer and the
 * in-flight gate are `BatchedWriter` and `InFlightGate`.
 *
 * A line that is not JSON is answered -32700 (id null); each message is
 * read by `readMessage` (tools/call requests the JSON-RPC schemas refuse
 * are still delivered; a batch is refused whole, -32600 with id `null`).
 * With a `watch` (`RefusedCallWatch`), the answer to a tools/call the SDK
 * refused before any handler ran is written only once that request's row
 * is written (it counts as in flight until then), and is `unavailable:
 * auditFailed` instead when the row could not be committed; a refused
 * batch's answer waits likewise for the row of each tools/call it holds.
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
  readonly #log: (line: string) => void;
  readonly #watch: RefusedCallWatch | undefined;
  readonly #settle: (why: LineTransportEnd) => void;
  /** Splits the input into bounded lines (a line over the limit is discarded as it arrives). */
  readonly #splitter: BoundedLineSplitter;
  /** The output, one write per tick. */
  readonly #writer: BatchedWriter;
  /** The in-flight bound. */
  readonly #gate: InFlightGate;
  #reading: ReadingState = 'reading';
  /** Why `ended` settled, once it did. */
  #endedWith: LineTransportEnd | undefined;
  /** The end due once the lines already read are delivered (the input ended). */
  #endWhenDelivered: LineTransportEnd | undefined;
  /** Complete lines not yet delivered (the in-flight bound is reached), from `#next` on. */
  #lines: Buffer[] = [];
  #next = 0;

  /** A transport reading `input` and writing `output`. */
  constructor(input: Readable, output: Writable, options: LineTransportOptions = {}) {
    this.#input = input;
    this.#output = output;
    this.#max = options.maxMessageBytes ?? defaultMaxMessageBytes;
    this.#log = options.log ?? (() => undefined);
    this.#watch = options.watch;
    this.#writer = new BatchedWriter(output);
    this.#gate = new InFlightGate(options.maxInFlight ?? defaultMaxInFlight);
    this.#splitter = new BoundedLineSplitter(this.#max, {
      line: (line) => this.#lines.push(line),
      oversized: (head, bytes) => this.#oversized(head, bytes),
    });
    let settle: (why: LineTransportEnd) => void = () => undefined;
    this.ended = new Promise((resolve) => (settle = resolve));
    this.#settle = settle;
  }

  /** Requests delivered and not yet answered. */
  get inFlight(): number {
    return this.#gate.inFlight;
  }

  /**
   * Settles once the first message (an answer, a notification) was handed to
   * the output, or when the output stopped taking them before any was: a
   * host that opens its stores after its first answer waits on it.
   */
  get firstWrite(): Promise<void> {
    return this.#writer.firstWrite;
  }

  /** Why the output failed (`EPIPE`, …), once it did: nothing more is written. */
  get outputFailure(): string | undefined {
    return this.#writer.failure;
  }

  /** Whether reading is paused by the in-flight bound (`reading` is `paused`). */
  get paused(): boolean {
    return this.#reading === 'paused';
  }

  /** Where the input stands: `reading`, `paused` by the in-flight bound, or `done` (ended, failed, stopped). */
  get reading(): ReadingState {
    return this.#reading;
  }

  /** Where the output stands: `open`, `draining` (waiting for `drain`), `failed` or `closed`. */
  get writing(): WritingState {
    return this.#writer.state;
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
    this.#reading = 'done';
  }

  /** Writes one message as a line: the lines sent in one tick go out in one write at its end (and at `close()`); resolves once the line is queued for it, after waiting for `drain` while the output's buffer is full. Never rejects: after an output failure, messages are dropped. */
  async send(message: JSONRPCMessage): Promise<void> {
    // The answer to a tools/call the SDK refused waits for that request's row (it still counts as in flight meanwhile);
    // a row that was not committed fails closed: the watch answers what to send instead.
    const held = this.#watch?.answering(message);
    if (held !== undefined) message = await held;
    if ('method' in message) {
      if ('id' in message) {
        // The client must be heard while the server waits for its answer: reading resumes.
        this.#gate.asked(message.id);
        this.#pump();
      }
    } else if ('id' in message && message.id !== undefined && this.#gate.release(message.id)) {
      this.#pump();
    }
    await this.#writer.write(`${JSON.stringify(message)}\n`);
  }

  /** Stops reading and writing (what was sent in this tick is written first) and tells the SDK (`onclose`). */
  async close(): Promise<void> {
    if (this.#writer.state === 'closed') return;
    this.#writer.close();
    this.stopReading();
    this.#input.off('end', this.#onInputEnd);
    this.#input.off('error', this.#onInputError);
    this.#finish('closed');
    this.onclose?.();
  }

  #finish(why: LineTransportEnd): void {
    if (this.#endedWith !== undefined) return;
    this.#endedWith = why;
    this.#settle(why);
  }

  readonly #onData = (chunk: Buffer | string): void => {
    this.#splitter.push(chunk);
    this.#pump();
  };

  #oversized(head: string, bytes: number): void {
    const id = topLevelId(head);
    this.#log(
      `discarded an input line of ${bytes} bytes: over the ${this.#max}-byte message limit${id === undefined ? ' (no id read, not answered)' : ` (request id ${JSON.stringify(id)} answered -32600)`}`,
    );
    if (id !== undefined)
      void this.#writer.write(
        `${JSON.stringify(errorAnswer(id, ProtocolErrorCode.InvalidRequest, `Request too large: ${bytes} bytes, over the ${this.#max}-byte message limit`))}\n`,
      );
  }

  /** Delivers complete lines while the gate lets them; pauses or resumes the input; settles the end due once all are delivered. */
  #pump(): void {
    while (this.#next < this.#lines.length && !this.#gate.full) {
      const line = this.#lines[this.#next] as Buffer;
      this.#next++;
      this.#deliver(line);
    }
    const queued = this.#next < this.#lines.length;
    if (!queued) {
      this.#lines = [];
      this.#next = 0;
    }
    const wait = queued || this.#gate.full;
    if (wait && this.#reading === 'reading') {
      this.#reading = 'paused';
      this.#input.pause();
    } else if (!wait && this.#reading === 'paused') {
      this.#reading = 'reading';
      this.#input.resume();
    }
    if (this.#endWhenDelivered !== undefined && !queued) {
      const why = this.#endWhenDelivered;
      this.#endWhenDelivered = undefined;
      this.#finish(why);
    }
  }

  #deliver(line: Buffer): void {
    if (this.#writer.state === 'closed') return;
    // A trailing \r (a CRLF line) is JSON whitespace: JSON.parse and trim() take it as such.
    const text = line.toString('utf8');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      void this.#writer.write(`${JSON.stringify(errorAnswer(null, ProtocolErrorCode.ParseError, 'Parse error: the line is not JSON'))}\n`);
      return;
    }
    const read = readMessage(value);
    if (read.kind === 'answer') {
      void this.#writer.write(`${JSON.stringify(read.answer)}\n`);
      return;
    }
    if (read.kind === 'batch') {
      this.#refuseBatch(read.answer, read.requests);
      return;
    }
    if (read.kind === 'drop') {
      this.onerror?.(new Error(`dropped an input message: ${read.why}`));
      return;
    }
    const message = read.message;
    if ('method' in message) {
      if ('id' in message) {
        this.#gate.delivered(message.id);
        if (message.method === 'tools/call') this.#watch?.delivered(message);
      } else if (message.method === 'notifications/cancelled') this.#cancelled(message.params);
    } else if ('id' in message && message.id !== undefined) {
      this.#gate.heard(message.id);
    }
    this.onmessage?.(message);
  }

  /**
   * A batch is refused whole (`answer`, id `null`). With a `watch`, each of
   * its tools/call `requests` gets its row first, one after another, and
   * the batch holds one in-flight slot until its answer is queued.
   */
  #refuseBatch(answer: JsonRpcErrorAnswer, requests: readonly ReceivedToolsCall[]): void {
    for (const request of requests) this.#watch?.delivered(request.message);
    const held = this.#watch?.answeringBatch(
      answer,
      requests.map((request) => request.id),
    );
    if (held === undefined) {
      void this.#writer.write(`${JSON.stringify(answer)}\n`);
      return;
    }
    const release = this.#gate.hold();
    void held.then((sent) => {
      release();
      this.#pump();
      return this.#writer.write(`${JSON.stringify(sent)}\n`);
    });
  }

  /** A cancelled request is not answered by the SDK: it no longer counts as in flight. */
  #cancelled(params: unknown): void {
    const id: unknown = isObject(params) ? params['requestId'] : undefined;
    if ((typeof id === 'string' || typeof id === 'number') && this.#gate.release(id)) {
      this.#watch?.cancelled(id);
      queueMicrotask(() => this.#pump());
    }
  }

  readonly #onInputEnd = (): void => {
    if (this.#reading === 'done' && this.#endedWith !== undefined) return;
    this.#reading = 'done';
    // A last line without a newline is a message too.
    this.#splitter.end();
    this.#endWhenDelivered = 'input-ended';
    this.#pump();
  };

  readonly #onInputError = (error: Error): void => {
    this.#log(`input failed: ${error.message}`);
    this.#reading = 'done';
    this.#finish('input-failed');
  };

  readonly #onOutputError = (error: Error): void => {
    if (this.#writer.fail(error)) this.#finish('output-failed');
  };
}
