import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { auditFailedText } from '@xcap/call';
import { errorAnswer, isObject, usableId, type JsonRpcErrorAnswer } from '@xcap/wire';

/** A tools/call request answered without reaching the call path's handler: what its row is made of. */
export interface RefusedToolsCall {
  /** The request's id. */
  readonly id: RequestId;
  /** `params.name` as received (any JSON value; `undefined` when absent). */
  readonly name: unknown;
  /** `params.arguments` as received. */
  readonly arguments: unknown;
  /** Why it was refused: the error answer's message. */
  readonly reason: string;
}

/** Options of a `RefusedCallWatch`. */
export interface RefusedCallWatchOptions {
  /**
   * Audits one refused request (through the call path: `CallRequest.refused`);
   * its answer is held until this settles. Resolving `false` says its row was
   * not committed and the answer must fail closed (the call path answered
   * `unavailable: auditFailed`); anything else lets the answer go as it is.
   */
  readonly audit: (call: RefusedToolsCall) => Promise<boolean | void>;
  /** Told when `audit` throws (the answer then fails closed, as for a row not committed). */
  readonly onerror?: (error: Error) => void;
}

/** A tracked request that never reached the handler: what its row is made of, but the reason. */
type UnreachedCall = Omit<RefusedToolsCall, 'reason'>;

/** One delivered tools/call request, until it is answered or cancelled. */
interface Tracked {
  /** Whether the call path's handler received it. */
  reached: boolean;
  /** `params.name` and `params.arguments`, kept only until it reaches the handler. */
  call: { readonly name: unknown; readonly arguments: unknown } | null;
}

/**
 * Keeps the "one row per tools/call request that reaches the server" rule
 * for requests the MCP SDK answers itself, before any handler runs (a
 * 2026-07-28 request whose `_meta` envelope is missing or invalid, …):
 *
 * - the transport tells it each tools/call request it delivers
 *   (`delivered`) and each answer it is about to send (`answering`);
 * - `mountCallPath`'s handler tells it each request it received
 *   (`reached`);
 * - an error answer to a delivered request the handler never received is
 *   a refusal: `answering` audits it (`options.audit`) and answers a
 *   promise of the message to write, which the transport awaits, so the
 *   answer never goes out before the row's write settled;
 * - a row that was not committed (`audit` resolved `false`, or threw)
 *   fails closed as any call does: the message to write is then
 *   `unavailable: auditFailed` instead of the refusal;
 * - the error answer to a refused batch (id `null`) names the ids of its
 *   tools/call requests: each one the handler never received gets its row,
 *   one after another, before that one answer goes out.
 *
 * Tracking is per request in flight: an entry lives from delivery until its
 * answer (or its cancellation), and keeps the request's name and arguments
 * only until the handler receives it, so an id may be used again later.
 * Its size is bounded by the transport's own in-flight bound. Two requests
 * in flight with the same id (a client bug) cannot be told apart: an
 * answer to that id is matched to one the handler received when there is
 * one, else to the oldest.
 */
export class RefusedCallWatch {
  readonly #options: RefusedCallWatchOptions;
  readonly #tracked = new Map<RequestId, Tracked[]>();
  readonly #auditing = new Set<Promise<unknown>>();
  #size = 0;

  /** A watch auditing refusals with `options.audit`. */
  constructor(options: RefusedCallWatchOptions) {
    this.#options = options;
  }

  /** tools/call requests delivered and not yet answered or cancelled. */
  get tracked(): number {
    return this.#size;
  }

  /** Refusals whose row is being written now (their answers held). */
  get auditing(): number {
    return this.#auditing.size;
  }

  /** The transport delivered `message`: a tools/call request with an id is tracked; anything else is ignored. */
  delivered(message: unknown): void {
    if (!isObject(message) || message['method'] !== 'tools/call' || !usableId(message['id'])) return;
    const params = isObject(message['params']) ? message['params'] : {};
    this.#list(message['id'], true).push({ reached: false, call: { name: params['name'], arguments: params['arguments'] } });
    this.#size++;
  }

  /** The call path's handler received request `id` (its own row follows). */
  reached(id: RequestId): void {
    const entry = this.#list(id, false)?.find((tracked) => !tracked.reached);
    if (entry === undefined) return;
    entry.reached = true;
    entry.call = null;
  }

  /** Whether request `id` was delivered and has not reached the handler (nor been answered) yet. */
  unreached(id: RequestId): boolean {
    return this.#list(id, false)?.some((tracked) => !tracked.reached) ?? false;
  }

  /** Request `id` was cancelled (no answer will be sent): it is no longer tracked. */
  cancelled(id: RequestId): void {
    const list = this.#list(id, false);
    if (list === undefined) return;
    list.shift();
    this.#size--;
    if (list.length === 0) this.#tracked.delete(id);
  }

  /**
   * The transport is about to send `message`. For an error answer to a
   * tracked request that never reached the handler, answers the promise of
   * the message to send once its row's write settled (never rejects): the
   * answer itself, or `unavailable: auditFailed` (a tools/call result,
   * `isError`, `resultType: "complete"`) when the row was not committed. For any other answer to a
   * tracked request, forgets it and answers `undefined`; for anything else,
   * `undefined`.
   */
  answering(message: JSONRPCMessage): Promise<JSONRPCMessage> | undefined {
    if ('method' in message || !('id' in message) || !usableId(message.id)) return undefined;
    const id = message.id;
    const call = this.#take(id, true);
    if (call === undefined || !('error' in message)) return undefined;
    return this.#settle<JSONRPCMessage>([call], errorText(message.error), message, () => ({
      jsonrpc: '2.0',
      id,
      // `resultType` as the 2026-07-28 era requires it of every result (a legacy client ignores it).
      result: { content: [{ type: 'text', text: auditFailedText }], isError: true, resultType: 'complete' },
    }));
  }

  /**
   * The transport is about to send `answer`, the one error answer to a
   * refused batch (id `null`) whose tools/call requests were delivered with
   * `ids`: each of them that never reached the handler gets its row, one
   * after another, and the promise of the answer to send once they settled
   * is answered (never rejects): `answer` itself, or the same error with the
   * message `unavailable: auditFailed` when a row was not committed. The
   * others are forgotten; with none to audit, `undefined`.
   */
  answeringBatch(answer: JsonRpcErrorAnswer, ids: readonly RequestId[]): Promise<JsonRpcErrorAnswer> | undefined {
    const calls = ids.flatMap((id) => this.#take(id, false) ?? []);
    if (calls.length === 0) return undefined;
    return this.#settle(calls, errorText(answer.error), answer, () => errorAnswer(null, answer.error.code, auditFailedText));
  }

  /** Settles once no refusal's row is being written (their answers were released). */
  async idle(): Promise<void> {
    while (this.#auditing.size > 0) await Promise.allSettled([...this.#auditing]);
  }

  /** Forgets every tracked request (the connection is over). */
  clear(): void {
    this.#tracked.clear();
    this.#size = 0;
  }

  /**
   * Stops tracking one request `id`. With `received`, the one the handler
   * received when there is one (an answer belongs to it), else the oldest;
   * without, the newest one it never received (a batch's, just delivered),
   * else the oldest. Answers what to audit for it when it never reached the
   * handler.
   */
  #take(id: RequestId, received: boolean): UnreachedCall | undefined {
    const list = this.#list(id, false);
    if (list === undefined) return undefined;
    const index = received ? list.findIndex((tracked) => tracked.reached) : list.findLastIndex((tracked) => !tracked.reached);
    const [entry] = list.splice(Math.max(index, 0), 1);
    this.#size--;
    if (list.length === 0) this.#tracked.delete(id);
    return entry === undefined || entry.call === null ? undefined : { id, name: entry.call.name, arguments: entry.call.arguments };
  }

  /** Writes the rows of `calls` (refused for `reason`) one after another; answers `answer` once they settled, or `failClosed()` when one was not committed. */
  #settle<T>(calls: readonly UnreachedCall[], reason: string, answer: T, failClosed: () => T): Promise<T> {
    const written = (async () => {
      let committed = true;
      for (const call of calls) if (!(await this.#audit({ ...call, reason }))) committed = false;
      return committed ? answer : failClosed();
    })();
    this.#auditing.add(written);
    void written.then(() => this.#auditing.delete(written));
    return written;
  }

  /** One refused request's row: whether it was committed (`false` also when `audit` threw). */
  async #audit(call: RefusedToolsCall): Promise<boolean> {
    try {
      return (await this.#options.audit(call)) !== false;
    } catch (error) {
      try {
        this.#options.onerror?.(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // A reporter that throws must not keep the answer from going out.
      }
      return false;
    }
  }

  #list(id: RequestId, create: true): Tracked[];
  #list(id: RequestId, create: false): Tracked[] | undefined;
  #list(id: RequestId, create: boolean): Tracked[] | undefined {
    let list = this.#tracked.get(id);
    if (list === undefined && create) {
      list = [];
      this.#tracked.set(id, list);
    }
    return list;
  }
}

/** The message of a JSON-RPC error object, for the row's `refused` text. */
function errorText(error: unknown): string {
  const message = isObject(error) ? error['message'] : undefined;
  const code = isObject(error) ? error['code'] : undefined;
  const text = typeof message === 'string' && message !== '' ? message : 'refused by the MCP SDK';
  return typeof code === 'number' ? `${code} ${text}` : text;
}
