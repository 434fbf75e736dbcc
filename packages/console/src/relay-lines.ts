/**
 * Splits a byte stream into newline-delimited lines of at most `maxBytes`
 * each (without the newline): `push` answers the complete lines of a
 * chunk, or `null` once a line grew past the bound (the reader then keeps
 * nothing; the caller closes the connection).
 */
export class RelayLines {
  readonly #maxBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  #over = false;

  /** A reader whose lines are at most `maxBytes`. */
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** The lines `chunk` completes, or `null` when a line is longer than the bound. */
  push(chunk: Buffer): string[] | null {
    if (this.#over) return null;
    const lines: string[] = [];
    let start = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, start)) {
      if (this.#size + at - start > this.#maxBytes) return this.#overflow();
      this.#parts.push(chunk.subarray(start, at));
      lines.push(Buffer.concat(this.#parts).toString('utf8'));
      this.#parts = [];
      this.#size = 0;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    if (this.#size + rest.length > this.#maxBytes) return this.#overflow();
    if (rest.length > 0) {
      this.#parts.push(rest);
      this.#size += rest.length;
    }
    return lines;
  }

  #overflow(): null {
    this.#over = true;
    this.#parts = [];
    this.#size = 0;
    return null;
  }
}
