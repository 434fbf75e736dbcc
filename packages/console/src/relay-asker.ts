import type { ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
import type { RelayConsoleMessage, RelayHostMessage } from './relay-protocol.js';

/** What a `RelayAsker` takes. */
export interface RelayAskerOptions {
  /** Sends a message to the console; answers `false` when it cannot (the connection is gone). */
  readonly send: (message: RelayHostMessage) => boolean | Promise<boolean>;
  /** Whether photo paths cross (a data directory's console reads them; not over PostgreSQL). */
  readonly withFiles: boolean;
  /** Where a line goes when an answer does not read (it should not: the console checked it). */
  readonly log: (line: string) => void;
}

interface Open {
  readonly take: (answer: unknown) => void;
  readonly fallback: () => void;
}

/**
 * The host's side of the relay, for any transport: each `ask` crosses as
 * data (`RelayAskMessage`: kind, app, agent, agentKey, fields, deadline,
 * files) and ends with the console's raw answer read by the request's own
 * `parse`, or with its fallback — when its signal aborts (an `end` is
 * sent), when the console ends it unanswered, when the message cannot be
 * sent, and for every open request when the connection is lost (`lost`).
 */
export class RelayAsker implements ConsoleAsker {
  readonly #options: RelayAskerOptions;
  readonly #open = new Map<number, Open>();
  #nextId = 0;
  #closed = false;

  /** A relay asker over `options.send`. */
  constructor(options: RelayAskerOptions) {
    this.#options = options;
  }

  /** How many requests wait for the console now. */
  get open(): number {
    return this.#open.size;
  }

  /** Hands `request` to the console; resolves to its parsed answer or its fallback. */
  ask<T>(request: RelayedConsoleAsk<T>): Promise<T> {
    if (this.#closed || request.signal.aborted) return Promise.resolve(request.fallback);
    const id = this.#nextId++;
    return new Promise<T>((resolve) => {
      const finish = (value: T) => {
        if (!this.#open.delete(id)) return;
        request.signal.removeEventListener('abort', onAbort);
        request.detached?.removeEventListener('abort', onDetach);
        resolve(value);
      };
      const onAbort = () => {
        finish(request.fallback);
        void this.#options.send({ t: 'end', id });
      };
      const onDetach = () => void this.#options.send({ t: 'detach', id });
      this.#open.set(id, {
        take: (answer) => {
          const parsed = request.parse(answer);
          if (typeof parsed === 'object' && parsed !== null && 'refused' in parsed && typeof parsed.refused === 'string') {
            this.#options.log(`xcap serve: the console's answer to a ${request.kind} request did not read (${parsed.refused}); it ends unanswered`);
            finish(request.fallback);
          } else finish(parsed as T);
        },
        fallback: () => finish(request.fallback),
      });
      request.signal.addEventListener('abort', onAbort, { once: true });
      request.detached?.addEventListener('abort', onDetach, { once: true });
      const sent = this.#options.send({
        t: 'ask',
        id,
        kind: request.kind,
        app: request.app,
        agent: request.agent,
        agentKey: request.agentKey,
        fields: request.fields,
        deadline: Number.isFinite(request.deadline) ? request.deadline : null,
        files: this.#options.withFiles && request.files !== undefined ? Object.fromEntries(request.files) : {},
      });
      const failed = (ok: boolean) => {
        if (!ok) finish(request.fallback);
      };
      if (typeof sent === 'boolean') failed(sent);
      else void sent.then(failed, () => failed(false));
      if (request.detached?.aborted === true) onDetach();
    });
  }

  /** Takes a console message: an answer or an unanswered end of an open request (others are ignored). */
  receive(message: RelayConsoleMessage): void {
    if (message.t === 'hello') return;
    const open = this.#open.get(message.id);
    if (open === undefined) return;
    if (message.t === 'answer') open.take(message.answer);
    else open.fallback();
  }

  /** The connection is gone: every open request ends with its fallback; answers how many did. */
  lost(): number {
    const open = [...this.#open.values()];
    for (const request of open) request.fallback();
    return open.length;
  }

  /** Ends every open request with its fallback and every later one at once (the host is stopping). */
  close(): void {
    this.#closed = true;
    this.lost();
  }
}
