import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { repairToolsCallLine } from './repair-tools-call-line.js';

/**
 * The protocol's input as `xcap serve` hands it to the SDK's stdio
 * transport: line by line, each tools/call request the SDK would drop made
 * readable by `repairToolsCallLine`; every other byte passes unchanged (a
 * last line without a newline is passed on at the end).
 */
export class ToolsCallInput extends Transform {
  readonly #decoder = new StringDecoder('utf8');
  #partial = '';

  /** Splits the text into lines and repairs each. */
  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const text = this.#partial + (typeof chunk === 'string' ? chunk : this.#decoder.write(chunk));
    let start = 0;
    let out = '';
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      out += `${repairToolsCallLine(text.slice(start, end))}\n`;
      start = end + 1;
    }
    this.#partial = text.slice(start);
    done(null, out === '' ? undefined : out);
  }

  /** Passes on what is left after the last newline. */
  override _flush(done: TransformCallback): void {
    const rest = this.#partial + this.#decoder.end();
    this.#partial = '';
    done(null, rest === '' ? undefined : rest);
  }
}
