/**
 * An append-only byte buffer that hands out what it holds without copying:
 * `take()` answers a view of the bytes written since the last `take()`.
 * When a block fills up, only the bytes not yet taken move to a new block,
 * so views handed out stay valid and each byte is copied at most once more.
 */
export class ByteWriter {
  /** The current block; bytes from `start` to `length` are not yet taken. */
  bytes: Uint8Array;
  /** The write position in `bytes`. */
  length = 0;
  private start = 0;
  private readonly maxBlock: number;

  /** Starts with a block of `capacity` bytes; later blocks double up to `maxBlock` (or what one piece needs). */
  constructor(capacity = 4096, maxBlock = 1 << 20) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
    this.maxBlock = Math.max(maxBlock, this.bytes.length);
  }

  /** Makes room for `extra` more bytes in the current block. */
  ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const pending = this.length - this.start;
    const size = Math.max(Math.min(this.bytes.length * 2, this.maxBlock), 2 * (pending + extra));
    const block = new Uint8Array(size);
    block.set(this.bytes.subarray(this.start, this.length));
    this.bytes = block;
    this.start = 0;
    this.length = pending;
  }

  /** Appends one byte. */
  byte(value: number): void {
    this.ensure(1);
    this.bytes[this.length++] = value;
  }

  /** Appends bytes as they are (short ones byte by byte: cheaper than a native copy's set-up). */
  write(data: Uint8Array): void {
    const n = data.length;
    this.ensure(n);
    if (n > 64) {
      this.bytes.set(data, this.length);
      this.length += n;
      return;
    }
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) bytes[at++] = data[i] as number;
    this.length = at;
  }

  /** Appends an ASCII string, one byte per character (callers pass ASCII only). */
  ascii(text: string): void {
    const n = text.length;
    this.ensure(n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) bytes[at++] = text.charCodeAt(i) & 0xff;
    this.length = at;
  }

  /** Answers the bytes written since the last `take()` (a view, valid for good) and starts a new piece. */
  take(): Uint8Array {
    const piece = this.bytes.subarray(this.start, this.length);
    this.start = this.length;
    return piece;
  }
}

/** Encodes an ASCII string as bytes, one byte per character. */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}
