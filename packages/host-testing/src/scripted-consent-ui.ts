import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest, ConsentUi } from '@xcap/call';

/** One scripted answer of the consent UI: a reply, `throw` (the UI fails), or a function of the request. */
export type ConsentScript = ConsentReply | 'throw' | ((request: ConsentRequest) => ConsentReply | Promise<ConsentReply>);

/**
 * A consent UI that answers from a queue, one answer per sheet, and records
 * every request it was shown (`asked`). An empty queue throws (which the
 * call path treats as `dismiss`), so a sheet a test did not expect never
 * grants anything.
 */
export class ScriptedConsentUi {
  /** Every sheet shown, in order. */
  readonly asked: ConsentRequest[] = [];
  #queue: ConsentScript[];

  constructor(answers: readonly ConsentScript[] = []) {
    this.#queue = [...answers];
  }

  /** Queues more answers. */
  answer(...answers: ConsentScript[]): void {
    this.#queue.push(...answers);
  }

  /** How many scripted answers are left. */
  get remaining(): number {
    return this.#queue.length;
  }

  /** The `ConsentUi` function to hand the call path. */
  readonly ui: ConsentUi = async (request) => {
    this.asked.push(request);
    const next = this.#queue.shift();
    if (next === undefined) throw new Error(`ScriptedConsentUi: no answer scripted for the ${request.scope} sheet`);
    if (next === 'throw') throw new Error('ScriptedConsentUi: scripted failure');
    return typeof next === 'function' ? next(request) : next;
  };
}
