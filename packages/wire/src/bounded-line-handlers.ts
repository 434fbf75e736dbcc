/** What a `BoundedLineSplitter` hands on. */
export interface BoundedLineHandlers {
  /** A complete line within the limit (its bytes, the newline excluded). */
  readonly line: (bytes: Buffer) => void;
  /** A line over the limit, discarded as it arrived: `head`, the start of the line as UTF-8 text (at most `discardedHeadBytes` bytes, and only those that had arrived when the line crossed the limit), and `bytes`, its whole length. */
  readonly oversized: (head: string, bytes: number) => void;
}
