import { randomBytes } from 'node:crypto';
import type { AgentJson, ConsoleEnded, ConsolePendingKind, Pending } from './console-contract.js';

/** What `ConsoleRequests` takes (each has a default). */
export interface ConsoleRequestsOptions {
  /** Requests waiting at once (default 64); a new one past it is refused at once (`ConsoleBusyError`), with one `log` line. */
  readonly maxPending?: number;
  /** Requests of one agent (`ConsoleAsk.agentKey`) waiting at once (default 16): one agent cannot push out another's. Past it, refused at once the same way. */
  readonly maxPendingPerAgent?: number;
  /** The clock of `createdAt`, in ms since the epoch (default `Date.now`); `deadline` of each request is on the host's clock too. */
  readonly now?: () => number;
  /** Where the bound's line goes (default standard error). */
  readonly log?: (line: string) => void;
  /** Draws a request id (default 16 random bytes, base64url). */
  readonly randomId?: () => string;
}

/** What a request asks: its kind, the app and the kind's own fields, shown as they are. */
export interface ConsoleAsk<T> {
  /** The kind (the answer's shape is the kind's). */
  readonly kind: ConsolePendingKind;
  /** The app id asking. */
  readonly app: string;
  /** Who asks, shown on the card (`PendingBase.agent`): the agent of the call, or `null` for the app's own UI. */
  readonly agent: AgentJson | null;
  /** The agent's audit `clientId` (`run-…`, `token:<name>`, `oauth:…`), or `ui` for the app's own UI: what per-agent bounds count by. */
  readonly agentKey: string;
  /** The kind's own fields of the `Pending` JSON (`PendingFields<kind>` of the contract: the registry shows them as given). */
  readonly fields: Readonly<Record<string, unknown>>;
  /** Files the console may serve for this request only (`GET /api/photos/<id>/<photo id>`): id → absolute path. */
  readonly files?: ReadonlyMap<string, string>;
  /** Reads an answer: the value the request ends with, or a string saying why the answer's shape is wrong (400). */
  readonly parse: (answer: unknown) => T | { readonly refused: string };
  /** What the request ends with when its signal aborts or when the registry is closed (too many waiting rejects with `ConsoleBusyError`). */
  readonly fallback: T;
  /**
   * The call path's signal for this request (`ConsentRequest.signal`, a
   * native's `NativeContext.signal`): when it aborts, the request ends with
   * its fallback at once, its card goes, and an answer after it is refused
   * (409). The registry keeps no timer of its own.
   */
  readonly signal: AbortSignal;
  /** When the call path stops waiting, in ms since the epoch (`expiresAt`; `null` there when it is `Infinity`). */
  readonly deadline: number;
  /**
   * A consent sheet's `ConsentRequest.detached`: when it aborts, no call
   * waits any more but the sheet stays (until `signal` aborts); the
   * pending view's `detached` turns `true` and listeners hear of it.
   */
  readonly detached?: AbortSignal;
}

/** How `ConsoleRequests.answer` went: `ok`, or the HTTP status and why. */
export type ConsoleAnswerResult = { readonly ok: true } | { readonly ok: false; readonly status: 400 | 409; readonly error: string };

/** How long before its deadline a request whose signal aborts counts as `expired` (a timer may fire a little early, the clocks may differ). */
export const expiryToleranceMs = 1000;

/** The longest agent key written in a log line, in characters (a longer one is cut, with `…`). */
const maxLoggedKey = 200;

/**
 * Why `ConsoleRequests.ask` refused a request at once: too many requests
 * are waiting (of its agent, or in all). Not a person's answer — a picker
 * lets it fail its call (an `isError` result, audited), where a Cancel
 * answers an empty choice; a consent sheet turns it into `dismiss`.
 */
export class ConsoleBusyError extends Error {
  /** The agent whose request was refused (`ConsoleAsk.agentKey`). */
  readonly agentKey: string;
  /** Which bound was reached: the agent's own (`maxPendingPerAgent`) or the registry's (`maxPending`). */
  readonly bound: 'agent' | 'total';

  /** The refusal of a request of `agentKey` at `bound` (`limit` requests waiting); the message names no other agent. */
  constructor(agentKey: string, bound: 'agent' | 'total', limit: number) {
    super(
      bound === 'agent'
        ? `busy: ${limit} requests of this agent are already waiting in the console; answer or cancel one first`
        : `busy: ${limit} requests are already waiting in the console`,
    );
    this.name = 'ConsoleBusyError';
    this.agentKey = agentKey;
    this.bound = bound;
  }
}

interface Entry {
  view: Pending;
  readonly agentKey: string;
  readonly expire: () => void;
  readonly files: ReadonlyMap<string, string>;
  readonly settle: (answer: unknown) => string | undefined;
}

/**
 * The console's registry of requests waiting for a person (consent sheets
 * and pickers): each has a random id, a kind, the app, when it started and
 * when the call path stops waiting (its `deadline`). `ask` waits for the
 * answer; `answer` takes one for a pending id, checked against its kind, at
 * most once; when the request's `signal` aborts (the call path's deadline
 * passed, or the call was cancelled) it ends with its fallback (a sheet is
 * dismissed, a picker cancelled) — the call path owns the deadline, the
 * registry keeps no timer. At most `maxPending` wait at once, and at most
 * `maxPendingPerAgent` of one agent (`agentKey`): past either a new request
 * is refused at once, rejecting with `ConsoleBusyError` (never the fallback,
 * which a person's Cancel looks like), with one log line naming the agent.
 * Listeners hear of every change of the pending list, and (`onEnded`) of why each request left it:
 * `answered`, `expired` (its signal aborted at its deadline, less
 * `expiryToleranceMs`, or after) or `cancelled` (aborted before, or the
 * registry closed).
 */
export class ConsoleRequests {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  readonly #endedListeners = new Set<(ended: ConsoleEnded) => void>();
  readonly #maxPending: number;
  readonly #maxPerAgent: number;
  readonly #now: () => number;
  readonly #log: (line: string) => void;
  readonly #randomId: () => string;
  #closed = false;

  /** A registry with `options`' bounds. */
  constructor(options: ConsoleRequestsOptions = {}) {
    this.#maxPending = options.maxPending ?? 64;
    this.#maxPerAgent = options.maxPendingPerAgent ?? 16;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? ((line) => void process.stderr.write(`${line}\n`));
    this.#randomId = options.randomId ?? (() => randomBytes(16).toString('base64url'));
  }

  /**
   * Puts `request` to the person and answers what they chose, or its
   * fallback (its signal aborted, closed); rejects with `ConsoleBusyError`
   * at once when too many are waiting (of its agent, or in all).
   */
  ask<T>(request: ConsoleAsk<T>): Promise<T> {
    if (this.#closed || request.signal.aborted) return Promise.resolve(request.fallback);
    const { agentKey } = request;
    const logged = JSON.stringify(agentKey.length > maxLoggedKey ? `${agentKey.slice(0, maxLoggedKey)}…` : agentKey);
    const ofAgent = this.#entries.size < this.#maxPerAgent ? 0 : [...this.#entries.values()].filter((entry) => entry.agentKey === agentKey).length;
    if (ofAgent >= this.#maxPerAgent) {
      this.#log(
        `xcap console: agent ${logged} has ${this.#maxPerAgent} requests waiting already; its ${request.kind} request of ${request.app} was refused at once`,
      );
      return Promise.reject(new ConsoleBusyError(agentKey, 'agent', this.#maxPerAgent));
    }
    if (this.#entries.size >= this.#maxPending) {
      this.#log(
        `xcap console: ${this.#maxPending} requests are already waiting; a ${request.kind} request of ${request.app} by agent ${logged} was refused at once`,
      );
      return Promise.reject(new ConsoleBusyError(agentKey, 'total', this.#maxPending));
    }
    return new Promise<T>((resolve) => {
      let id = this.#randomId();
      while (this.#entries.has(id)) id = this.#randomId();
      const now = this.#now();
      const expire = () => end(request.fallback, !this.#closed && this.#now() >= request.deadline - expiryToleranceMs ? 'expired' : 'cancelled');
      const detach = () => {
        const entry = this.#entries.get(id);
        if (entry === undefined || entry.view.kind !== 'consent') return;
        entry.view = { ...entry.view, detached: true };
        this.#changed();
      };
      const end = (value: T, why: ConsoleEnded['why']) => {
        request.signal.removeEventListener('abort', expire);
        request.detached?.removeEventListener('abort', detach);
        this.#entries.delete(id);
        for (const listener of [...this.#endedListeners]) listener({ id, why });
        this.#changed();
        resolve(value);
      };
      request.signal.addEventListener('abort', expire, { once: true });
      const view = {
        ...request.fields,
        ...(request.kind === 'consent' ? { detached: request.detached?.aborted === true } : {}),
        id,
        kind: request.kind,
        app: request.app,
        createdAt: new Date(now).toISOString(),
        expiresAt: Number.isFinite(request.deadline) ? new Date(request.deadline).toISOString() : null,
        agent: request.agent,
      } as Pending;
      this.#entries.set(id, {
        view,
        agentKey,
        files: request.files ?? new Map(),
        expire,
        settle: (answer) => {
          const parsed = request.parse(answer);
          if (isRefused(parsed)) return parsed.refused;
          end(parsed, 'answered');
          return undefined;
        },
      });
      request.detached?.addEventListener('abort', detach, { once: true });
      this.#changed();
    });
  }

  /** Answers the pending request `id` with `answer` (its kind's shape): once; an unknown, answered or expired id is 409, a wrong shape 400. */
  answer(id: unknown, answer: unknown): ConsoleAnswerResult {
    const entry = typeof id === 'string' ? this.#entries.get(id) : undefined;
    if (entry === undefined) return { ok: false, status: 409, error: 'no such pending request (answered, expired or never asked)' };
    const refused = entry.settle(answer);
    return refused === undefined ? { ok: true } : { ok: false, status: 400, error: `not an answer to a ${entry.view.kind} request: ${refused}` };
  }

  /** The requests waiting now, oldest first. */
  pending(): Pending[] {
    return [...this.#entries.values()].map((entry) => entry.view);
  }

  /** The path of file `fileId` of pending request `id` (a photo of that picker), or `undefined`. */
  file(id: string, fileId: string): string | undefined {
    return this.#entries.get(id)?.files.get(fileId);
  }

  /** Calls `listener` on every change of the pending list; answers the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls `listener` with each request that leaves the pending list and why (before the list's change is heard); answers the function that stops it. */
  onEnded(listener: (ended: ConsoleEnded) => void): () => void {
    this.#endedListeners.add(listener);
    return () => this.#endedListeners.delete(listener);
  }

  /** Ends every pending request with its fallback (dismiss, cancel) and every later one at once: the host is stopping. */
  close(): void {
    this.#closed = true;
    for (const entry of [...this.#entries.values()]) entry.expire();
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

function isRefused(value: unknown): value is { readonly refused: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { refused?: unknown }).refused === 'string';
}
