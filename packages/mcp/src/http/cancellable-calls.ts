import type { RequestId } from '@modelcontextprotocol/server';
import { isObject } from '@xcap/wire';

/**
 * The tools/call requests in flight over HTTP that a legacy client may
 * cancel: on the 2025 era a client gives up by POSTing
 * `notifications/cancelled` (a request of its own, which the SDK serves on
 * a server instance of its own), so the handler matches it here, by the
 * client's identity and the request id, and aborts the call's exchange —
 * the MCP request's signal, hence the call path's `CallRequest.signal`.
 * A client can only cancel its own calls (same identity); two agents
 * sharing one token share its ids.
 */
export class CancellableCalls {
  readonly #calls = new Map<string, AbortController>();

  /** Registers a call of `client` with `id`; the answer removes it again (call it once the answer was sent). */
  add(client: string, id: RequestId, controller: AbortController): () => void {
    const key = keyOf(client, id);
    this.#calls.set(key, controller);
    return () => {
      if (this.#calls.get(key) === controller) this.#calls.delete(key);
    };
  }

  /** Aborts the call of `client` with `id`, if one is in flight. */
  cancel(client: string, id: RequestId): void {
    this.#calls.get(keyOf(client, id))?.abort(new DOMException('the client cancelled the request', 'AbortError'));
  }

  /** How many calls are registered now. */
  get size(): number {
    return this.#calls.size;
  }
}

/** The request ids the `notifications/cancelled` messages of a decoded JSON-RPC body name (`message`: one message, or a batch that may hold several). */
export function cancelledRequestIds(message: unknown): RequestId[] {
  const items: readonly unknown[] = Array.isArray(message) ? message : [message];
  return items.flatMap((item) => {
    if (!isObject(item) || item['method'] !== 'notifications/cancelled' || !isObject(item['params'])) return [];
    const id = item['params']['requestId'];
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? [id] : [];
  });
}

function keyOf(client: string, id: RequestId): string {
  return `${client}\n${typeof id}:${String(id)}`;
}
