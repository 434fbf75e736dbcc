import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One JSON-RPC answer line a provider wrote, as parsed. */
export interface Answer {
  readonly jsonrpc: string;
  readonly id: number | string | null;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

/**
 * A provider process driven over its stdio the way a host drives it: one
 * JSON-RPC message per line on stdin, answers matched by id from stdout.
 * Every stdout line must be a JSON-RPC answer (anything else is recorded in
 * `strayLines`); stderr is collected as the provider's log.
 */
export class ProviderProcess {
  /** The child process. */
  readonly child: ChildProcessWithoutNullStreams;
  /** The ids of the answers in the order they arrived. */
  readonly arrival: (number | string | null)[] = [];
  /** stdout lines that were not a JSON-RPC answer object. */
  readonly strayLines: string[] = [];
  /** Everything the provider wrote to stderr. */
  stderr = '';
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  readonly exited: Promise<number | string>;
  readonly #waiting = new Map<number | string, (answer: Answer) => void>();
  readonly #answered = new Map<number | string, Answer>();
  #nextId = 1;

  /** Spawns `command args` with the given environment additions. */
  constructor(command: string, args: readonly string[], env: Readonly<Record<string, string>> = {}) {
    this.child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.on('error', () => undefined);
    createInterface({ input: this.child.stdout }).on('line', (line) => this.#line(line));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  }

  #line(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.strayLines.push(line);
      return;
    }
    if (typeof message !== 'object' || message === null || (message as Answer).jsonrpc !== '2.0' || !('id' in message)) {
      this.strayLines.push(line);
      return;
    }
    const answer = message as Answer;
    this.arrival.push(answer.id);
    if (answer.id === null) return;
    this.#answered.set(answer.id, answer);
    this.#waiting.get(answer.id)?.(answer);
  }

  /**
   * Waits (at most `timeoutMs`) until stderr contains `text`: stderr is its
   * own pipe, so a log line written before an answer may still arrive after it.
   */
  async waitForStderr(text: string, timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.stderr.includes(text) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.stderr;
  }

  /** Writes one raw line (a `\n` is added). */
  writeLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Sends a request with the next id and answers its id (use `answer` to wait for it). */
  send(method: string, params: unknown): number {
    const id = this.#nextId++;
    this.writeLine(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return id;
  }

  /** Sends a notification (no id). */
  notify(method: string, params: unknown): void {
    this.writeLine(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  /** The answer to `id`, waited for at most `timeoutMs`. */
  answer(id: number | string, timeoutMs = 10_000): Promise<Answer> {
    const done = this.#answered.get(id);
    if (done !== undefined) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to request ${String(id)} within ${timeoutMs} ms; stderr:\n${this.stderr}`)), timeoutMs);
      this.#waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }

  /** Sends a request and waits for its answer. */
  request(method: string, params: unknown, timeoutMs?: number): Promise<Answer> {
    return this.answer(this.send(method, params), timeoutMs);
  }

  /** A `providers/call` request's result, failing on a JSON-RPC error answer. */
  async call(capability: string, tool: string, input: unknown): Promise<{ structuredContent?: unknown; isError?: string }> {
    const answer = await this.request('providers/call', { capability, tool, input });
    if (answer.error !== undefined) throw new Error(`${capability}_${tool}: JSON-RPC error ${answer.error.code} ${answer.error.message}`);
    return answer.result as { structuredContent?: unknown; isError?: string };
  }

  /** Ends stdin (the host's shutdown signal) and waits at most `timeoutMs` for the exit. */
  async end(timeoutMs = 5_000): Promise<number | string> {
    this.child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still running'), timeoutMs)));
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills the process if it still runs (for afterEach). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
