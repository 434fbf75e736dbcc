import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { xcapBin } from './xcap-process.js';

/** One JSON-RPC answer as `xcap serve` wrote it on stdout. */
export interface RpcAnswer {
  readonly id: number;
  readonly result?: { readonly content?: { type: string; text: string }[]; readonly isError?: boolean; readonly structuredContent?: unknown };
  readonly error?: { readonly code: number; readonly message: string };
}

/** `xcap serve` spoken to in raw JSON-RPC lines (what the SDK client refuses to send). */
export interface RawServe {
  readonly child: ChildProcessWithoutNullStreams;
  /** Sends one request and waits for the answer with its id. */
  request(id: number, method: string, params?: unknown): Promise<RpcAnswer>;
  /** Sends `message` as it is (any shape) and waits for the answer with `id`. */
  raw(id: number, message: object): Promise<RpcAnswer>;
  /** Sends a notification (no answer). */
  notify(method: string): void;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Ends stdin and waits for the exit code. */
  end(): Promise<number | null>;
}

/**
 * Spawns `xcap serve <args>` with pipes and initializes the MCP session;
 * `launcher` (a command and its arguments) is put in front of `node xcap.js
 * serve …` when given (the pty wrapper of the consent test).
 */
export async function rawServe(args: readonly string[], launcher: readonly string[] = []): Promise<RawServe> {
  const command = [...launcher, process.execPath, xcapBin, 'serve', ...args];
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' },
  });
  let buffer = '';
  let stderr = '';
  const answers = new Map<number, RpcAnswer>();
  const waiting = new Map<number, (answer: RpcAnswer) => void>();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const answer = JSON.parse(buffer.slice(0, end)) as RpcAnswer;
      buffer = buffer.slice(end + 1);
      const resolve = waiting.get(answer.id);
      if (resolve === undefined) answers.set(answer.id, answer);
      else resolve(answer);
    }
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const raw = (id: number, message: object): Promise<RpcAnswer> => {
    const answered = new Promise<RpcAnswer>((resolve, reject) => {
      const early = answers.get(id);
      if (early !== undefined) return resolve(early);
      const timer = setTimeout(() => reject(new Error(`no answer to request ${id} (${JSON.stringify(message)}) within 10 s; stderr: ${stderr}`)), 10_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
    send(message);
    return answered;
  };
  const request = (id: number, method: string, params?: unknown) =>
    raw(id, params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
  const serve: RawServe = {
    child,
    request,
    raw,
    notify: (method) => void send({ jsonrpc: '2.0', method }),
    stderr: () => stderr,
    end: () => {
      child.stdin.end();
      return closed;
    },
  };
  const init = await request(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
  if (init.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
  serve.notify('notifications/initialized');
  return serve;
}
