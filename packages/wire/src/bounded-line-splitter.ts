import type { BoundedLineHandlers } from './bounded-line-handlers.js';
import { discardedHeadBytes } from './discarded-head-bytes.js';

/**
 * Splits a byte stream into `\n`-terminated lines with one bound, in linear
 * time: the pieces of the current line are kept until its newline (joined
 * once), and a line that grows past `maxBytes` is discarded while it
 * arrives (memory stays bounded) and reported once, at its newline, with
 * its start (at most `discardedHeadBytes`, what had arrived when it crossed
 * the limit) and its length. `end()` hands on a last line without a newline.
 * Its owner may also drop the line being read at any time (`discardLine()`,
 * e.g. when a budget over several streams runs out).
 */
export class BoundedLineSplitter {
  readonly #max: number;
  readonly #handlers: BoundedLineHandlers;
  #pieces: Buffer[] = [];
  #pendingBytes = 0;
  #discardHead: Buffer | null = null;
  #discardedBytes = 0;
  /** Whether the line being discarded was dropped by `discardLine()` (not reported at its newline). */
  #quiet = false;

  /** A splitter allowing lines of at most `maxBytes` bytes (newline excluded). */
  constructor(maxBytes: number, handlers: BoundedLineHandlers) {
    this.#max = maxBytes;
    this.#handlers = handlers;
  }

  /** Whether a partial line is held (bytes after the last newline). */
  get pending(): boolean {
    return this.#pendingBytes > 0 || this.#discardHead !== null;
  }

  /** The bytes of the partial line held (0 while a line is being discarded). */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /**
   * Drops the line being read without reporting it: the bytes of it held now
   * and the rest of it as it arrives, up to its newline. Answers its start
   * as UTF-8 text (at most `discardedHeadBytes` bytes); `''` when no line is
   * being read.
   */
  discardLine(): string {
    if (!this.pending) return '';
    if (this.#discardHead === null) this.#startDiscard(Buffer.alloc(0));
    this.#quiet = true;
    return (this.#discardHead as Buffer).toString('utf8');
  }

  /** Takes the next chunk of the stream; hands on every line it completes. */
  push(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(10, start);
      const end = newline < 0 ? bytes.length : newline;
      this.#take(bytes.subarray(start, end));
      if (newline < 0) break;
      this.#lineDone();
      start = newline + 1;
    }
  }

  /** The stream ended: a last line without a newline is a line too. */
  end(): void {
    if (this.pending) this.#lineDone();
  }

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#discardHead !== null) {
      this.#discardedBytes += piece.length;
      return;
    }
    if (this.#pendingBytes + piece.length <= this.#max) {
      this.#pieces.push(piece);
      this.#pendingBytes += piece.length;
      return;
    }
    this.#startDiscard(piece);
  }

  /** The line held so far, and `piece` of it, are discarded: only their head is kept, and their length counted. */
  #startDiscard(piece: Buffer): void {
    const head = Buffer.concat([...this.#pieces, piece.subarray(0, discardedHeadBytes)]).subarray(0, discardedHeadBytes);
    this.#discardHead = Buffer.from(head);
    this.#discardedBytes = this.#pendingBytes + piece.length;
    this.#pieces = [];
    this.#pendingBytes = 0;
  }

  #lineDone(): void {
    if (this.#discardHead !== null) {
      const head = this.#discardHead.toString('utf8');
      const bytes = this.#discardedBytes;
      const quiet = this.#quiet;
      this.#discardHead = null;
      this.#discardedBytes = 0;
      this.#quiet = false;
      if (!quiet) this.#handlers.oversized(head, bytes);
      return;
    }
    const line = this.#pieces.length === 1 ? (this.#pieces[0] as Buffer) : Buffer.concat(this.#pieces, this.#pendingBytes);
    this.#pieces = [];
    this.#pendingBytes = 0;
    this.#handlers.line(line);
  }
}
