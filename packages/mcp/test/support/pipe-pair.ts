import { PassThrough } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/** The two byte streams between an in-process client and `serveStdioCallPath`. */
export interface Pipes {
  /** What the server reads (the client writes). */
  readonly toServer: PassThrough;
  /** What the server writes (the client reads). */
  readonly toClient: PassThrough;
}

/** A fresh pair of pipes. */
export function pipes(): Pipes {
  return { toServer: new PassThrough(), toClient: new PassThrough() };
}

/** A client-side transport speaking MCP's stdio binding over in-process pipes (newline-delimited JSON). */
export class PipeClientTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  /** Every line the client read, parsed. */
  readonly received: unknown[] = [];
  /** Every message the client sent. */
  readonly sent: JSONRPCMessage[] = [];
  readonly #pipes: Pipes;
  #buffer = '';

  /** A transport over `pipes`. */
  constructor(pipes: Pipes) {
    this.#pipes = pipes;
  }

  /** Starts reading the server's lines. */
  async start(): Promise<void> {
    this.#pipes.toClient.on('data', (chunk: Buffer) => {
      this.#buffer += chunk.toString('utf8');
      for (let end = this.#buffer.indexOf('\n'); end >= 0; end = this.#buffer.indexOf('\n')) {
        const line = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 1);
        const message: unknown = JSON.parse(line);
        this.received.push(message);
        this.onmessage?.(message as JSONRPCMessage);
      }
    });
  }

  /** Writes one message as a line. */
  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
    this.#pipes.toServer.write(`${JSON.stringify(message)}\n`);
  }

  /** Ends the server's input. */
  async close(): Promise<void> {
    this.#pipes.toServer.end();
    this.onclose?.();
  }
}
