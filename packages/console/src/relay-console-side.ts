import { answerParsers, isRefusedAnswer } from './answer-parsers.js';
import { pendingFields } from './console-contract.js';
import type { ConsoleAsk, ConsoleRequests } from './console-requests.js';
import type { RelayAskMessage } from './relay-protocol.js';

/** A relayed request's end on the console: the answer as the person gave it (checked), or `undefined` (ended unanswered). */
export type RelayedEnd = { readonly answer: unknown } | undefined;

/** What `askRelayed` takes besides the request. */
export interface RelayedAskOptions {
  /** Aborts when the host ends the request (its call stopped waiting or was cancelled, its connection was lost). */
  readonly signal: AbortSignal;
  /** Aborts when the host says the sheet detached (the agent stopped waiting; the answer applies to its next call). */
  readonly detached: AbortSignal;
  /** Whether this console may serve the request's photo files (a data directory: same user, same machine). */
  readonly withFiles: boolean;
}

/**
 * Puts a request relayed by an `xcap serve` into the console's own
 * `registry`, so it shows in the one tab with its agent: only the kind's
 * contract fields (`pendingFields`) are kept, and an answer is checked by
 * `answerParsers` against those fields before the page is told `ok` —
 * the host then reads the same raw answer with its own `parse`. Resolves
 * to the answer, or `undefined` when it ended unanswered (the host ended
 * it, the registry's bound, the console closing).
 */
export function askRelayed(registry: ConsoleRequests, message: RelayAskMessage, options: RelayedAskOptions): Promise<RelayedEnd> {
  const allowed: readonly string[] = pendingFields[message.kind].pending;
  const fields = Object.fromEntries(Object.entries(message.fields).filter(([name]) => allowed.includes(name)));
  const parser = answerParsers[message.kind] as (fields: Readonly<Record<string, unknown>>, answer: unknown) => unknown;
  const ask: ConsoleAsk<RelayedEnd> & { readonly agent: RelayAskMessage['agent']; readonly agentKey: string; readonly detached: AbortSignal } = {
    kind: message.kind,
    app: message.app,
    agent: message.agent,
    agentKey: message.agentKey,
    detached: options.detached,
    // The agent rides in the fields too, so the card names it whatever the registry copies from the request.
    fields: { ...fields, agent: message.agent },
    ...(options.withFiles ? { files: new Map(Object.entries(message.files)) } : {}),
    parse: (answer) => {
      const value = parser(fields, answer);
      return isRefusedAnswer(value) ? value : { answer };
    },
    fallback: undefined,
    signal: options.signal,
    deadline: message.deadline ?? Infinity,
  };
  return registry.ask(ask);
}
