import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { basename } from 'node:path';
import { BoundedLineSplitter, isObject, JsonRpcPeer, realTimers, resolvesWithin, timerDelay, topLevelId, type Timers } from '@xcap/wire';
import type { JsonObject, NativeContext } from '@xcap/catalog';
import { printableLine, quotedChars } from './printable-line.js';
import { ProviderCallError } from './provider-call-error.js';
import { ProviderSetupError } from './provider-setup-error.js';
import { readDescription, sameCapabilities, type ProviderDescription } from './provider-description.js';
import { providerProtocolVersion } from './protocol-version.js';
import type { ProviderProcessState } from './provider-process-state.js';
import { AnswerBudget } from './answer-budget.js';

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
  /** The clock of the call timeouts, the restart delays and the grace periods (default `realTimers`; a fake in tests). */
  readonly timers?: Timers;
  /**
   * The most bytes queued toward the provider's stdin (what node holds for the pipe and the lines waiting for its
   * `drain`) before new calls answer `{ isError: 'unavailable' }` at once (default 64 MiB).
   */
  readonly maxQueuedBytes?: number;
  /** How long the provider may read none of the lines waiting on its stdin before it counts as hung: killed and restarted, in ms (default 30,000). */
  readonly stallMs?: number;
  /** The budget of answer bytes held in memory, shared with other processes given the same one (default a budget of its own, 256 MiB). */
  readonly answerBudget?: AnswerBudget;
}

/** The default `maxQueuedBytes`: 64 MiB. */
export const defaultMaxQueuedBytes = 64 * 1024 * 1024;

/** The default `stallMs`: 30 s. */
export const defaultStallMs = 30_000;

/**
 * How many distinct notification method names a provider's process remembers to log each once; a name past them is
 * ignored without a line (one line says so), so a provider sending endlessly many names holds no more memory.
 */
export const maxLoggedNotificationMethods = 64;

/** A call made while no process was ready, waiting for one. */
interface Waiting {
  readonly params: { readonly capability: string; readonly tool: string; readonly input: JsonObject };
  readonly answered: AbortSignal | undefined;
  readonly calledAt: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  timer: unknown;
}

/** One spawned child and what belongs to it. */
interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  /** Settles once its end was handled (`how` set, its streams let go): after its exit, once stdout closed or 500 ms passed. */
  readonly exited: Promise<void>;
  /** Settles once the process exited (or could not start). */
  readonly gone: Promise<void>;
  readonly startedAt: number;
  /** How it ended (its exit code or signal, or why it could not start), once it did. */
  how: string | undefined;
  /** The bytes of the answer line being read, held against the answer budget. */
  heldAnswerBytes: number;
  /** When the provider last took a line from its stdin (or when lines started to wait). */
  readAt: number;
  /** The timer that kills the provider as hung, set while lines wait on its stdin. */
  stallTimer: unknown;
}

/** What a call answers when the provider cannot take it now (its stdin is full past the bound, or its answer broke the answer budget). */
const unavailable = { isError: 'unavailable' } as const;

/** The rejection of a call whose answer was dropped to keep the answer budget; `call()` turns it into `unavailable`. */
class OverBudget extends Error {}

/** How long the stderr lines of a provider may be before they are cut. */
const maxStderrLineBytes = 64 * 1024;

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
 *
 * `state` says where it stands (`starting`, `ready`, `restarting`,
 * `stopped`). The JSON-RPC correlation (ids, timeouts, cancels, error
 * answers) is a `JsonRpcPeer` of `@xcap/wire`, whose writes wait for the
 * pipe's `drain`; every delay runs on `options.timers`.
 */
export class ProviderProcess {
  /** How messages name the command. */
  readonly label: string;
  /** The name in the prefix of the provider's log lines (`[provider <name>] `). */
  readonly name: string;
  readonly #options: ProviderProcessOptions;
  readonly #log: (line: string) => void;
  readonly #timers: Timers;
  /** Requests to the current process and their answers. */
  readonly #peer: JsonRpcPeer;
  readonly #waiting = new Set<Waiting>();
  readonly #notifications = new Set<string>();
  #state: ProviderProcessState = 'starting';
  #child: Child | undefined;
  #description: ProviderDescription | undefined;
  #restartTimer: unknown;
  #restartDelay: number;
  #closing: Promise<void> | undefined;
  #restarts = 0;
  readonly #maxQueuedBytes: number;
  readonly #stallMs: number;
  readonly #budget: AnswerBudget;
  /** The ids of `providers/call` requests in flight (their answers are held on the budget until their call is answered). */
  readonly #calls = new Set<number>();
  /** The bytes of answer lines read for `providers/call` requests whose promise has not yet been handed its answer, by id. */
  readonly #read = new Map<number, number>();
  /** Whether calls are being refused because stdin is full past the bound (logged once each time it fills). */
  #full = false;

  /** A provider command, not yet started. */
  constructor(options: ProviderProcessOptions) {
    this.#options = options;
    this.label = options.label ?? options.argv.join(' ');
    this.name = basename(options.argv[0] ?? 'provider');
    this.#log = (line) => options.log(`[provider ${printableLine(this.name)}] ${line}`);
    this.#timers = options.timers ?? realTimers;
    this.#restartDelay = options.restartFirstMs;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? defaultMaxQueuedBytes;
    this.#stallMs = options.stallMs ?? defaultStallMs;
    this.#budget = options.answerBudget ?? new AnswerBudget();
    this.#peer = new JsonRpcPeer({
      write: (line) => this.#write(line),
      timers: this.#timers,
      answerError: (id, error) =>
        error === undefined
          ? new ProviderCallError(`provider ${this.label} answered id ${id} with neither result nor error`)
          : new ProviderCallError(`provider ${this.label} answered error ${error.code}: ${printableLine(error.message, quotedChars)}`, error.code),
    });
  }

  /** The running process's id (`undefined` while none runs). */
  get pid(): number | undefined {
    return this.#child?.process.pid;
  }

  /** Where it stands: `starting`, `ready`, `restarting` (the process died; calls wait) or `stopped`. */
  get state(): ProviderProcessState {
    return this.#state;
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
    return this.#peer.inFlight;
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
    if (this.#state === 'starting') this.#state = 'ready';
    return launched.description;
  }

  /**
   * Sends `providers/call` and resolves with the provider's result, or rejects with a `ProviderCallError`. Resolves
   * `{ isError: 'unavailable' }` at once while more than `maxQueuedBytes` wait on the provider's stdin, and when
   * its answer would take the answer budget past its bound. The answer's bytes stay on the budget until
   * `context.answered` aborts (the bridge is done with it: its call answered), or until it resolves without one.
   */
  call(capability: string, tool: string, input: JsonObject, context?: Pick<NativeContext, 'answered'>): Promise<unknown> {
    if (this.#state === 'stopped') return Promise.reject(new ProviderCallError(`provider ${this.label} is stopped`));
    const params = { capability, tool, input };
    const answered = context?.answered;
    if (this.#state === 'ready') return this.#request(params, this.#options.timeoutMs, answered);
    return new Promise((resolve, reject) => {
      const waiting: Waiting = { params, answered, calledAt: this.#timers.now(), resolve, reject, timer: undefined };
      if (Number.isFinite(this.#options.timeoutMs)) {
        // Taken from the waiting calls, a call has its timer cleared: when it fires, the call still waits.
        waiting.timer = this.#timers.setTimeout(() => {
          this.#waiting.delete(waiting);
          reject(new ProviderCallError(`provider ${this.label} was not running for ${this.#options.timeoutMs} ms (restarting)`));
        }, timerDelay(this.#options.timeoutMs));
      }
      this.#waiting.add(waiting);
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
      this.#state = 'stopped';
      this.#timers.clearTimeout(this.#restartTimer);
      const reason = `provider ${this.label} was stopped`;
      this.#peer.rejectAll(() => new ProviderCallError(reason));
      for (const waiting of this.#takeWaiting()) waiting.reject(new ProviderCallError(reason));
      const child = this.#child;
      if (child !== undefined) await this.#terminate(child, this.#options.graceMs);
    })());
  }

  /**
   * `providers/call` to the current process, unanswered after `timeoutMs` cancelled (`providers/cancel`) and
   * rejected; `unavailable` at once while its stdin is full past the bound, or once its answer broke the budget.
   */
  #request(params: Waiting['params'], timeoutMs: number, answered: AbortSignal | undefined): Promise<unknown> {
    const queued = this.#queuedBytes();
    if (queued >= this.#maxQueuedBytes) {
      if (!this.#full)
        this.#log(`${queued} bytes wait on its stdin, past the ${this.#maxQueuedBytes}-byte bound: calls answer unavailable until it reads them`);
      this.#full = true;
      return Promise.resolve(unavailable);
    }
    let id = 0;
    return this.#peer
      .request('providers/call', params, {
        timeoutMs,
        timeoutError: (id) =>
          new ProviderCallError(`provider ${this.label} did not answer call ${id} within ${this.#options.timeoutMs} ms (sent providers/cancel)`),
        cancel: (id) => ({ method: 'providers/cancel', params: { id } }),
        sent: (sentId) => {
          id = sentId;
          this.#calls.add(sentId);
        },
      })
      .then(
        (result: unknown) => {
          this.#holdUntilAnswered(id, answered);
          return result;
        },
        (error: unknown) => {
          this.#holdUntilAnswered(id, undefined);
          if (error instanceof OverBudget) return unavailable;
          throw error;
        },
      );
  }

  /**
   * The answer line of call `id` was handed to its caller: its bytes stay on the budget until `answered` aborts
   * (released at once without one, when it already aborted, and for an error answer, which holds nothing).
   */
  #holdUntilAnswered(id: number, answered: AbortSignal | undefined): void {
    this.#calls.delete(id);
    const bytes = this.#read.get(id);
    if (bytes === undefined) return;
    this.#read.delete(id);
    if (answered === undefined || answered.aborted) {
      this.#budget.change(-bytes);
      return;
    }
    answered.addEventListener('abort', () => void this.#budget.change(-bytes), { once: true });
  }

  /** The bytes waiting to reach the current process: what node holds for its stdin, and the lines waiting for `drain`. */
  #queuedBytes(): number {
    return (this.#child?.process.stdin.writableLength ?? 0) + this.#peer.unwrittenBytes;
  }

  /** The calls waiting for a process, no longer waiting (their timers cleared). */
  #takeWaiting(): Waiting[] {
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const entry of waiting) this.#timers.clearTimeout(entry.timer);
    return waiting;
  }

  /**
   * Writes one line to the current process's stdin; `false` when the pipe's buffer is full (the peer then waits
   * for `drain`, and the stall timer runs). The peer writes only while a process runs (its requests are rejected
   * when it ends); a line written to the stdin of one that just exited is dropped by node (its error ignored).
   */
  #write(line: string): boolean {
    const child = this.#child;
    if (child === undefined) return true;
    const accepted = child.process.stdin.write(line, () => (child.readAt = this.#timers.now()));
    if (!accepted) this.#watchStall(child);
    return accepted;
  }

  /** Lines wait on the child's stdin: unless it reads one within `stallMs`, it is killed as hung. */
  #watchStall(child: Child): void {
    if (child.stallTimer !== undefined) return;
    child.readAt = this.#timers.now();
    this.#armStall(child, this.#stallMs);
  }

  #armStall(child: Child, ms: number): void {
    child.stallTimer = this.#timers.setTimeout(() => {
      child.stallTimer = undefined;
      const idle = this.#timers.now() - child.readAt;
      if (idle < this.#stallMs) return this.#armStall(child, this.#stallMs - idle);
      this.#log(`read none of the ${this.#queuedBytes()} bytes waiting on its stdin for ${this.#stallMs} ms: killed as hung (SIGKILL)`);
      child.process.kill('SIGKILL');
    }, timerDelay(ms));
  }

  /** The child's stdin drained: nothing waits on it any more. */
  #onDrain(child: Child): void {
    this.#timers.clearTimeout(child.stallTimer);
    child.stallTimer = undefined;
    this.#full = false;
    this.#peer.drained();
  }

  /** Takes the bytes the child's partial answer line holds now against the budget; past it, the line is dropped and its call answers `unavailable`. */
  #holdAnswerBytes(child: Child, lines: BoundedLineSplitter): void {
    const held = lines.pendingBytes;
    const within = this.#budget.change(held - child.heldAnswerBytes);
    child.heldAnswerBytes = held;
    if (within) return;
    const id = topLevelId(lines.discardLine());
    this.#budget.change(-held);
    child.heldAnswerBytes = 0;
    const failed = typeof id === 'number' && this.#peer.fail(id, new OverBudget());
    this.#log(
      `an answer line past the ${this.#budget.maxBytes}-byte answer budget was discarded` +
        (failed ? ` (the answer to call ${id}, which answers unavailable)` : ''),
    );
  }

  /** The child's streams are let go (the process exited, or would not die): a grandchild holding them open keeps nothing waiting. */
  #release(child: Child): void {
    child.process.stdin.destroy();
    child.process.stdout.destroy();
    child.process.stderr.destroy();
    this.#budget.change(-child.heldAnswerBytes);
    child.heldAnswerBytes = 0;
  }

  /** Spawns a process and asks it `providers/describe`: its description, or why it cannot serve (the process is then being killed). */
  async #launch(): Promise<{ description: ProviderDescription } | { problems: string[] }> {
    const [command, ...args] = this.#options.argv;
    if (command === undefined) return { problems: ['empty command'] };
    let spawned: ChildProcessWithoutNullStreams;
    try {
      spawned = spawn(command, args, {
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: false,
        env: this.#options.env ?? process.env,
        ...(this.#options.cwd === undefined ? {} : { cwd: this.#options.cwd }),
      });
    } catch (error) {
      return { problems: [`cannot start: ${message(error)}`] };
    }
    let markExited: () => void = () => undefined;
    let markGone: () => void = () => undefined;
    const child: Child = {
      process: spawned,
      exited: new Promise<void>((resolve) => (markExited = resolve)),
      gone: new Promise<void>((resolve) => (markGone = resolve)),
      startedAt: this.#timers.now(),
      how: undefined,
      heldAnswerBytes: 0,
      readAt: this.#timers.now(),
      stallTimer: undefined,
    };
    this.#peer.discardUnwritten();
    this.#full = false;
    this.#child = child;
    let startFailure: string | undefined;
    let exitGrace: unknown;
    const ended = (how: string) => {
      if (child.how !== undefined) return;
      child.how = how;
      this.#timers.clearTimeout(exitGrace);
      this.#timers.clearTimeout(child.stallTimer);
      this.#release(child);
      markGone();
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
      markGone();
      exitGrace = this.#timers.setTimeout(() => ended(how), 500);
      spawned.once('close', () => ended(how));
    });
    spawned.stdin.on('error', () => undefined);
    spawned.stdin.on('drain', () => {
      if (child === this.#child) this.#onDrain(child);
    });
    const lines = new BoundedLineSplitter(this.#options.maxMessageBytes, {
      line: (bytes) => this.#onLine(child, bytes),
      oversized: (head, bytes) => this.#onOversized(child, head, bytes),
    });
    spawned.stdout.on('data', (chunk: Buffer) => {
      lines.push(chunk);
      this.#holdAnswerBytes(child, lines);
    });
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
      const why = startFailure ?? (child.how !== undefined ? `exited before answering providers/describe (${child.how})` : message(error));
      void this.#terminate(child, 0);
      return { problems: [why] };
    }
    const read = readDescription(answer);
    if ('problems' in read) void this.#terminate(child, 0);
    return read;
  }

  /** Sends `providers/describe` to the current process and waits for the answer, at most `describeTimeoutMs`. */
  #describe(): Promise<unknown> {
    const timeoutMs = this.#options.describeTimeoutMs;
    return this.#peer
      .request(
        'providers/describe',
        { protocolVersion: providerProtocolVersion },
        { timeoutMs, timeoutError: () => new Error(`did not answer providers/describe within ${timeoutMs} ms`) },
      )
      .catch((error: unknown) => {
        if (error instanceof ProviderCallError && error.code !== undefined) throw new Error(`answered providers/describe with an error: ${error.message}`);
        throw error;
      });
  }

  #onLine(child: Child, bytes: Buffer): void {
    if (child !== this.#child) return;
    // The line is whole: the bytes its partial read held are let go (an answer to a call takes all of them again below).
    this.#budget.change(-child.heldAnswerBytes);
    child.heldAnswerBytes = 0;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.#log(`a stdout line that is not JSON was ignored: ${printableLine(text, quotedChars)}`);
      return;
    }
    const id = isObject(parsed) && typeof parsed['method'] !== 'string' ? parsed['id'] : undefined;
    if (typeof id === 'number' && this.#calls.has(id)) {
      // The answer to a call stays on the budget, now as an answer held, until its call is answered (`#holdUntilAnswered`).
      if (!this.#budget.change(bytes.length)) {
        this.#budget.change(-bytes.length);
        this.#peer.fail(id, new OverBudget());
        this.#log(`an answer line past the ${this.#budget.maxBytes}-byte answer budget was discarded (the answer to call ${id}, which answers unavailable)`);
        return;
      }
      this.#read.set(id, bytes.length);
    }
    const received = this.#peer.receive(parsed);
    if (received.kind === 'invalid') {
      this.#log(`a stdout line that is not a JSON-RPC message was ignored: ${printableLine(text, quotedChars)}`);
    } else if (received.kind === 'incoming') {
      const method = received.method.slice(0, quotedChars);
      if (this.#notifications.has(method) || this.#notifications.size > maxLoggedNotificationMethods) return;
      this.#notifications.add(method);
      this.#log(
        this.#notifications.size > maxLoggedNotificationMethods
          ? `messages of more than ${maxLoggedNotificationMethods} methods from the provider are ignored; further methods are not logged`
          : `messages ${JSON.stringify(method).slice(0, quotedChars)} from the provider are ignored (logged once)`,
      );
    } else if (received.kind === 'unknown') {
      this.#log(`an answer to unknown id ${printableLine(JSON.stringify(received.id ?? null), quotedChars)} was ignored`);
    }
  }

  #onOversized(child: Child, head: string, bytes: number): void {
    if (child !== this.#child) return;
    const id = topLevelId(head);
    const limit = this.#options.maxMessageBytes;
    const failed =
      typeof id === 'number' &&
      this.#peer.fail(id, new ProviderCallError(`provider ${this.label} answered call ${id} with ${bytes} bytes, over the ${limit}-byte message limit`));
    this.#log(`discarded a stdout line of ${bytes} bytes: over the ${limit}-byte message limit${failed ? ` (the answer to call ${id}, which fails)` : ''}`);
  }

  /** The process ended (`how`: its exit code or signal, or why it could not start). */
  #onEnd(child: Child, how: string): void {
    if (child !== this.#child) return;
    this.#child = undefined;
    this.#peer.discardUnwritten();
    const wasReady = this.#state === 'ready';
    if (this.#state === 'stopped') return;
    const inFlight = this.#peer.rejectAll(() => new ProviderCallError(`provider ${this.label} ended (${how}) with this call in flight`));
    if (this.#description === undefined) return;
    this.#state = 'restarting';
    if (wasReady && this.#timers.now() - child.startedAt >= this.#options.restartMaxMs) this.#restartDelay = this.#options.restartFirstMs;
    const delay = this.#restartDelay;
    this.#restartDelay = Math.min(this.#restartDelay * 2, this.#options.restartMaxMs);
    this.#log(`ended (${how})${inFlight > 0 ? `; ${inFlight} call(s) in flight failed` : ''}; restarting in ${delay} ms`);
    this.#restartTimer = this.#timers.setTimeout(() => void this.#restart(), delay);
  }

  /** Starts the next process (the restart timer, which `close()` clears) and, if it describes what the first one did, serves the waiting calls. */
  async #restart(): Promise<void> {
    const launched = await this.#launch();
    if (this.#stopped()) return;
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
    this.#state = 'ready';
    this.#log(`restarted (pid ${this.pid ?? 'unknown'})`);
    const now = this.#timers.now();
    for (const waiting of this.#takeWaiting()) {
      this.#request(waiting.params, this.#options.timeoutMs - (now - waiting.calledAt), waiting.answered).then(waiting.resolve, waiting.reject);
    }
  }

  /** Whether `close()` was called (read after an `await`, where the state may have changed). */
  #stopped(): boolean {
    return this.#state === 'stopped';
  }

  /**
   * Closes the child's stdin, then SIGTERM after `grace` ms, then SIGKILL after `grace` more; resolves once its end
   * was handled (at most 500 ms after its exit). A process not gone 5 s after SIGKILL is let go: its streams are
   * destroyed and its handle unreferenced, so that nothing keeps this process waiting for it.
   */
  async #terminate(child: Child, grace: number): Promise<void> {
    const proc = child.process;
    proc.stdin.end();
    if (!(await resolvesWithin(child.gone, grace, this.#timers))) {
      if (grace > 0) this.#log(`still running ${grace} ms after its stdin closed: SIGTERM`);
      proc.kill('SIGTERM');
      if (!(await resolvesWithin(child.gone, grace, this.#timers))) {
        if (grace > 0) this.#log(`still running ${grace} ms after SIGTERM: SIGKILL`);
        proc.kill('SIGKILL');
        if (!(await resolvesWithin(child.gone, 5_000, this.#timers))) {
          this.#release(child);
          proc.unref();
          return;
        }
      }
    }
    await child.exited;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
