import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { basename } from 'node:path';
import { BoundedLineSplitter, resolvesWithin, topLevelId } from '@xcap/wire';
import type { JsonObject } from '@xcap/catalog';
import { printableLine, quotedChars } from './printable-line.js';
import { ProviderCallError } from './provider-call-error.js';
import { ProviderSetupError } from './provider-setup-error.js';
import { readDescription, sameCapabilities, type ProviderDescription } from './provider-description.js';
import { providerProtocolVersion } from './protocol-version.js';

/** What a `ProviderProcess` runs and how. */
export interface ProviderProcessOptions {
  /** The command and its arguments (spawned without a shell). */
  readonly argv: readonly string[];
  /** How messages name the command (default the argv joined by spaces). */
  readonly label?: string;
  /** Where the provider's stderr lines (prefixed `[provider <name>] `) and the client's notices go. */
  readonly log: (line: string) => void;
  /** How long a `providers/call` may go unanswered before it is cancelled and rejected, in ms. */
  readonly timeoutMs: number;
  /** How long the provider may take to answer `providers/describe`, in ms. */
  readonly describeTimeoutMs: number;
  /** The longest line read from the provider's stdout, in bytes. */
  readonly maxMessageBytes: number;
  /** How long `close()` waits after closing stdin before SIGTERM, and after SIGTERM before SIGKILL, in ms. */
  readonly graceMs: number;
  /** The first restart delay after the process died, in ms (doubled each time, up to `restartMaxMs`). */
  readonly restartFirstMs: number;
  /** The longest restart delay, in ms; a process that ran at least this long resets the delay. */
  readonly restartMaxMs: number;
  /** The provider's environment (default the host's). */
  readonly env?: NodeJS.ProcessEnv;
  /** The provider's working directory (default the host's). */
  readonly cwd?: string;
}

/** A request sent or waiting to be sent. */
interface Entry {
  readonly id: number;
  readonly line: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** One spawned child and what belongs to it. */
interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  readonly exited: Promise<void>;
  readonly startedAt: number;
  ended: boolean;
  /** How it ended (its exit code or signal), once it did. */
  how: string;
}

/** How long the stderr lines of a provider may be before they are cut. */
const maxStderrLineBytes = 64 * 1024;

/** Ids of calls that timed out, remembered so their late answers are ignored quietly. */
const rememberedTimeouts = 1024;

/**
 * One provider command, kept running: the client side of the xcap provider
 * protocol (version 1) over the process's stdio. `start()` spawns it and
 * asks `providers/describe`; `call()` sends `providers/call` and resolves
 * with the provider's `result` (`{structuredContent}` or `{isError}`,
 * checked later by the bridge) or rejects (`ProviderCallError`) on a
 * JSON-RPC `error`, an exit with the call in flight, an answer over the
 * line limit, or no answer within `timeoutMs` (then `providers/cancel` is
 * sent and a late answer ignored). A line that is not JSON, an answer to
 * an unknown id and a notification from the provider are logged and
 * ignored. When the process dies it is restarted with backoff and asked
 * `providers/describe` again, which must describe the same capabilities;
 * calls made meanwhile wait for it (within their timeout). `close()`
 * closes stdin, then after `graceMs` sends SIGTERM, then SIGKILL.
 */
export class ProviderProcess {
  /** How messages name the command. */
  readonly label: string;
  /** The name in the prefix of the provider's log lines (`[provider <name>] `). */
  readonly name: string;
  readonly #options: ProviderProcessOptions;
  readonly #log: (line: string) => void;
  #child: Child | undefined;
  #ready = false;
  #stopped = false;
  #description: ProviderDescription | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Entry>();
  readonly #waiting = new Map<number, Entry>();
  readonly #timedOut = new Set<number>();
  readonly #notifications = new Set<string>();
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  #restartDelay: number;
  #closing: Promise<void> | undefined;
  #restarts = 0;

  /** A provider command, not yet started. */
  constructor(options: ProviderProcessOptions) {
    this.#options = options;
    this.label = options.label ?? options.argv.join(' ');
    this.name = basename(options.argv[0] ?? 'provider');
    this.#log = (line) => options.log(`[provider ${printableLine(this.name)}] ${line}`);
    this.#restartDelay = options.restartFirstMs;
  }

  /** The running process's id (`undefined` while none runs). */
  get pid(): number | undefined {
    return this.#child?.process.pid;
  }

  /** What the provider described at start (`undefined` before). */
  get description(): ProviderDescription | undefined {
    return this.#description;
  }

  /** How many times the process was restarted after it died. */
  get restarts(): number {
    return this.#restarts;
  }

  /** Calls sent and not yet answered. */
  get inFlight(): number {
    return this.#pending.size;
  }

  /**
   * Spawns the command and asks `providers/describe`; answers what it
   * described (its shape checked, not yet against a catalog) or throws a
   * `ProviderSetupError` listing why it cannot serve (the process is
   * stopped then).
   */
  async start(): Promise<ProviderDescription> {
    const launched = await this.#launch();
    if ('problems' in launched) {
      await this.close();
      throw new ProviderSetupError(launched.problems);
    }
    this.#description = launched.description;
    this.#ready = true;
    return launched.description;
  }

  /** Sends `providers/call` and resolves with the provider's result, or rejects with a `ProviderCallError`. */
  call(capability: string, tool: string, input: JsonObject): Promise<unknown> {
    if (this.#stopped) return Promise.reject(new ProviderCallError(`provider ${this.label} is stopped`));
    const id = this.#nextId++;
    const line = `${JSON.stringify({ jsonrpc: '2.0', id, method: 'providers/call', params: { capability, tool, input } })}\n`;
    return new Promise((resolve, reject) => {
      const entry: Entry = { id, line, resolve, reject, timer: undefined };
      if (Number.isFinite(this.#options.timeoutMs)) {
        entry.timer = setTimeout(() => this.#expire(entry), Math.min(this.#options.timeoutMs, 2_147_483_647));
      }
      if (this.#ready) this.#send(entry);
      else this.#waiting.set(id, entry);
    });
  }

  /**
   * Stops the provider for good: every call waiting or in flight is
   * rejected, stdin is closed (a provider exits when its stdin ends), and
   * a process still running after `graceMs` gets SIGTERM, after another
   * `graceMs` SIGKILL. Resolves once it exited. Safe to call twice.
   */
  close(): Promise<void> {
    return (this.#closing ??= (async () => {
      this.#stopped = true;
      this.#ready = false;
      clearTimeout(this.#restartTimer);
      this.#rejectAll(`provider ${this.label} was stopped`);
      const child = this.#child;
      if (child !== undefined) await this.#terminate(child, this.#options.graceMs);
    })());
  }

  #send(entry: Entry): void {
    this.#pending.set(entry.id, entry);
    this.#write(entry.line);
  }

  #write(line: string): void {
    const stdin = this.#child?.process.stdin;
    if (stdin === undefined || stdin.destroyed || stdin.writableEnded) return;
    stdin.write(line);
  }

  #expire(entry: Entry): void {
    if (this.#waiting.delete(entry.id)) {
      entry.reject(new ProviderCallError(`provider ${this.label} was not running for ${this.#options.timeoutMs} ms (restarting)`));
      return;
    }
    if (!this.#pending.delete(entry.id)) return;
    this.#timedOut.add(entry.id);
    if (this.#timedOut.size > rememberedTimeouts) this.#timedOut.delete(this.#timedOut.values().next().value as number);
    this.#write(`${JSON.stringify({ jsonrpc: '2.0', method: 'providers/cancel', params: { id: entry.id } })}\n`);
    entry.reject(new ProviderCallError(`provider ${this.label} did not answer call ${entry.id} within ${this.#options.timeoutMs} ms (sent providers/cancel)`));
  }

  #settle(id: number): Entry | undefined {
    const entry = this.#pending.get(id);
    if (entry === undefined) return undefined;
    this.#pending.delete(id);
    clearTimeout(entry.timer);
    return entry;
  }

  #rejectAll(reason: string): void {
    for (const map of [this.#pending, this.#waiting]) {
      const entries = [...map.values()];
      map.clear();
      for (const entry of entries) {
        clearTimeout(entry.timer);
        entry.reject(new ProviderCallError(reason));
      }
    }
  }

  /** Spawns a process and asks it `providers/describe`: its description, or why it cannot serve (the process is then being killed). */
  async #launch(): Promise<{ description: ProviderDescription } | { problems: string[] }> {
    const [command, ...args] = this.#options.argv;
    if (command === undefined) return { problems: ['empty command'] };
    let spawned: ChildProcessWithoutNullStreams;
    try {
      spawned = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: false, env: this.#options.env ?? process.env, ...(this.#options.cwd === undefined ? {} : { cwd: this.#options.cwd }) });
    } catch (error) {
      return { problems: [`cannot start: ${message(error)}`] };
    }
    let markExited: () => void = () => undefined;
    const child: Child = { process: spawned, exited: new Promise<void>((resolve) => (markExited = resolve)), startedAt: Date.now(), ended: false, how: '' };
    this.#child = child;
    let startFailure: string | undefined;
    const ended = (how: string) => {
      if (child.ended) return;
      child.ended = true;
      child.how = how;
      markExited();
      this.#onEnd(child, how);
    };
    spawned.on('error', (error) => {
      if (spawned.pid === undefined) {
        startFailure = `cannot start: ${error.message}`;
        ended(startFailure);
      }
    });
    spawned.on('exit', (code, signal) => {
      const how = signal === null ? `exit code ${code ?? 'unknown'}` : `signal ${signal}`;
      // Answers still in the pipe are read first ('close'); a grandchild holding stdout open must not delay the end for long.
      setTimeout(() => ended(how), 500).unref();
      spawned.once('close', () => ended(how));
    });
    spawned.stdin.on('error', () => undefined);
    const lines = new BoundedLineSplitter(this.#options.maxMessageBytes, {
      line: (bytes) => this.#onLine(child, bytes),
      oversized: (head, bytes) => this.#onOversized(child, head, bytes),
    });
    spawned.stdout.on('data', (chunk: Buffer) => lines.push(chunk));
    spawned.stdout.on('end', () => lines.end());
    spawned.stdout.on('error', () => undefined);
    const errors = new BoundedLineSplitter(maxStderrLineBytes, {
      line: (bytes) => this.#log(printableLine(bytes.toString('utf8').replace(/\r$/, ''))),
      oversized: (_head, bytes) => this.#log(`(a stderr line of ${bytes} bytes, not shown)`),
    });
    spawned.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    spawned.stderr.on('end', () => errors.end());
    spawned.stderr.on('error', () => undefined);

    let answer: unknown;
    try {
      answer = await this.#describe();
    } catch (error) {
      const why = startFailure ?? (child.ended ? `exited before answering providers/describe (${child.how})` : message(error));
      void this.#terminate(child, 0);
      return { problems: [why] };
    }
    const read = readDescription(answer);
    if ('problems' in read) void this.#terminate(child, 0);
    return read;
  }

  /** Sends `providers/describe` to the current process and waits for the answer, at most `describeTimeoutMs`. */
  #describe(): Promise<unknown> {
    const id = this.#nextId++;
    const line = `${JSON.stringify({ jsonrpc: '2.0', id, method: 'providers/describe', params: { protocolVersion: providerProtocolVersion } })}\n`;
    return new Promise((resolve, reject) => {
      const entry: Entry = { id, line, resolve, reject, timer: undefined };
      entry.timer = setTimeout(() => {
        if (this.#pending.delete(id)) reject(new Error(`did not answer providers/describe within ${this.#options.describeTimeoutMs} ms`));
      }, this.#options.describeTimeoutMs);
      this.#send(entry);
    }).catch((error: unknown) => {
      if (error instanceof ProviderCallError && error.code !== undefined) throw new Error(`answered providers/describe with an error: ${error.message}`);
      throw error;
    });
  }

  #onLine(child: Child, bytes: Buffer): void {
    if (child !== this.#child) return;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.#log(`a stdout line that is not JSON was ignored: ${printableLine(text, quotedChars)}`);
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.#log(`a stdout line that is not a JSON-RPC message was ignored: ${printableLine(text, quotedChars)}`);
      return;
    }
    const m = message as Record<string, unknown>;
    if (typeof m.method === 'string') {
      if (!this.#notifications.has(m.method)) {
        this.#notifications.add(m.method);
        this.#log(`messages ${JSON.stringify(m.method).slice(0, quotedChars)} from the provider are ignored (logged once)`);
      }
      return;
    }
    const id = m.id;
    const entry = typeof id === 'number' ? this.#settle(id) : undefined;
    if (entry === undefined) {
      if (typeof id === 'number' && this.#timedOut.delete(id)) return;
      this.#log(`an answer to unknown id ${printableLine(JSON.stringify(id ?? null), quotedChars)} was ignored`);
      return;
    }
    if ('error' in m) {
      const error = m.error as { code?: unknown; message?: unknown } | null;
      const code = typeof error?.code === 'number' ? error.code : -32603;
      const text = typeof error?.message === 'string' ? error.message : 'no message';
      entry.reject(new ProviderCallError(`provider ${this.label} answered error ${code}: ${printableLine(text, quotedChars)}`, code));
    } else if ('result' in m) {
      entry.resolve(m.result);
    } else {
      entry.reject(new ProviderCallError(`provider ${this.label} answered id ${entry.id} with neither result nor error`));
    }
  }

  #onOversized(child: Child, head: string, bytes: number): void {
    if (child !== this.#child) return;
    const id = topLevelId(head);
    const entry = typeof id === 'number' ? this.#settle(id) : undefined;
    this.#log(`discarded a stdout line of ${bytes} bytes: over the ${this.#options.maxMessageBytes}-byte message limit${entry === undefined ? '' : ` (the answer to call ${entry.id}, which fails)`}`);
    entry?.reject(new ProviderCallError(`provider ${this.label} answered call ${entry.id} with ${bytes} bytes, over the ${this.#options.maxMessageBytes}-byte message limit`));
  }

  /** The process ended (`how`: its exit code or signal, or why it could not start). */
  #onEnd(child: Child, how: string): void {
    if (child !== this.#child) return;
    this.#child = undefined;
    const wasReady = this.#ready;
    this.#ready = false;
    if (this.#stopped) return;
    const inFlight = this.#pending.size;
    for (const entry of [...this.#pending.values()]) {
      this.#settle(entry.id);
      entry.reject(new ProviderCallError(`provider ${this.label} ended (${how}) with this call in flight`));
    }
    if (this.#description === undefined) return;
    if (wasReady && Date.now() - child.startedAt >= this.#options.restartMaxMs) this.#restartDelay = this.#options.restartFirstMs;
    const delay = this.#restartDelay;
    this.#restartDelay = Math.min(this.#restartDelay * 2, this.#options.restartMaxMs);
    this.#log(`ended (${how})${inFlight > 0 ? `; ${inFlight} call(s) in flight failed` : ''}; restarting in ${delay} ms`);
    this.#restartTimer = setTimeout(() => void this.#restart(), delay);
  }

  async #restart(): Promise<void> {
    if (this.#stopped) return;
    const launched = await this.#launch();
    if (this.#stopped) return;
    const first = this.#description as ProviderDescription;
    let problem: string | undefined;
    if ('problems' in launched) problem = launched.problems.join('; ');
    else if (!sameCapabilities(first, launched.description)) {
      problem = `described ${JSON.stringify(launched.description.capabilities)} after the restart, not ${JSON.stringify(first.capabilities)} as at start`;
    }
    if (problem !== undefined) {
      const child = this.#child;
      if (child !== undefined) {
        // Treated as a crash: the process is killed and restarted again, later.
        this.#log(`restart refused: ${problem}`);
        void this.#terminate(child, 0);
      }
      return;
    }
    this.#restarts++;
    this.#ready = true;
    this.#log(`restarted (pid ${this.pid ?? 'unknown'})`);
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const entry of waiting) this.#send(entry);
  }

  /** Closes the child's stdin, then SIGTERM after `grace` ms, then SIGKILL after `grace` more; resolves once it exited. */
  async #terminate(child: Child, grace: number): Promise<void> {
    const proc = child.process;
    proc.stdin.end();
    if (await resolvesWithin(child.exited, grace)) return;
    if (grace > 0) this.#log(`still running ${grace} ms after its stdin closed: SIGTERM`);
    proc.kill('SIGTERM');
    if (await resolvesWithin(child.exited, grace)) return;
    if (grace > 0) this.#log(`still running ${grace} ms after SIGTERM: SIGKILL`);
    proc.kill('SIGKILL');
    await resolvesWithin(child.exited, 5_000);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
