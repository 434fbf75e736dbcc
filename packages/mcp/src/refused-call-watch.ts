import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { isObject, usableId } from '@xcap/wire';

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
  /** Audits one refused request (through the call path: `CallRequest.refused`); its answer is held until this settles. */
  readonly audit: (call: RefusedToolsCall) => Promise<unknown>;
  /** Told when `audit` throws (the answer still goes out). */
  readonly onerror?: (error: Error) => void;
}

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
 *   promise the transport awaits before it writes the answer, so the
 *   answer never goes out before the row's write settled.
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
  readonly #auditing = new Set<Promise<void>>();
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
   * its row's write (never rejects): send the answer once it settles. For
   * any other answer to a tracked request, forgets it and answers
   * `undefined`; for anything else, `undefined`.
   */
  answering(message: JSONRPCMessage): Promise<void> | undefined {
    if ('method' in message || !('id' in message) || !usableId(message.id)) return undefined;
    const id = message.id;
    const list = this.#list(id, false);
    if (list === undefined) return undefined;
    // An answer belongs to a request the handler received when there is one (its own answer); a refusal only to one it never received.
    const [entry] = list.splice(
      Math.max(
        list.findIndex((tracked) => tracked.reached),
        0,
      ),
      1,
    );
    this.#size--;
    if (list.length === 0) this.#tracked.delete(id);
    if (entry === undefined || entry.reached || entry.call === null || !('error' in message)) return undefined;
    return this.#audit({ id, name: entry.call.name, arguments: entry.call.arguments, reason: errorText(message.error) });
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

  #audit(call: RefusedToolsCall): Promise<void> {
    const written = (async () => {
      try {
        await this.#options.audit(call);
      } catch (error) {
        try {
          this.#options.onerror?.(error instanceof Error ? error : new Error(String(error)));
        } catch {
          // A reporter that throws must not keep the answer from going out.
        }
      }
    })();
    this.#auditing.add(written);
    void written.then(() => this.#auditing.delete(written));
    return written;
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
