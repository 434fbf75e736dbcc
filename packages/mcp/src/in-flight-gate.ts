import type { JsonRpcId } from '@xcap/wire';

/**
 * The in-flight bound of a `LineTransport`: counts the client's requests
 * delivered and not yet answered (or cancelled), and is `full` at `max` of
 * them — unless the server waits for the client's answer to one of its own
 * requests, which must be read to avoid a deadlock.
 */
export class InFlightGate {
  readonly #max: number;
  readonly #delivered = new Set<JsonRpcId>();
  readonly #asked = new Set<JsonRpcId>();
  /** Slots held without an id (a refused batch whose rows are being written). */
  #held = 0;

  /** A gate letting `max` requests be in flight. */
  constructor(max: number) {
    this.#max = max;
  }

  /** The client's requests delivered and not yet answered (a held slot counts as one). */
  get inFlight(): number {
    return this.#delivered.size + this.#held;
  }

  /** Whether reading must wait: `max` requests in flight and none of the server's own unanswered. */
  get full(): boolean {
    return this.inFlight >= this.#max && this.#asked.size === 0;
  }

  /** The client's request `id` was delivered to the server. */
  delivered(id: JsonRpcId): void {
    this.#delivered.add(id);
  }

  /** Holds one slot for a message without an id (a refused batch, until its answer is sent); the function answered gives it back, once. */
  hold(): () => void {
    this.#held++;
    let held = true;
    return () => {
      if (held) this.#held--;
      held = false;
    };
  }

  /** Request `id` no longer counts (answered, or cancelled by the client); `false` when it was not in flight. */
  release(id: JsonRpcId): boolean {
    return this.#delivered.delete(id);
  }

  /** The server sent its own request `id` to the client. */
  asked(id: JsonRpcId): void {
    this.#asked.add(id);
  }

  /** The client answered the server's request `id`. */
  heard(id: JsonRpcId): void {
    this.#asked.delete(id);
  }
}
