import { answerParsers } from './answer-parsers.js';
import type { ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
import type { PendingFields } from './console-contract.js';
import type { ConsoleAsk } from './console-requests.js';

/** What `askPrint` puts to the person: who asks, the app, the document's name and type, the printers, and the call path's signal and deadline. */
export interface PrintAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agent' | 'agentKey' | 'signal' | 'deadline'> {
  /** The document's name. */
  readonly documentName: string;
  /** The document's media type. */
  readonly mimeType: string;
  /** The printers to choose from. */
  readonly printers: readonly string[];
}

/**
 * A `print` request in `requests`, answered by `{ "printer": "…" }` (one
 * of `printers`) or `{ "cancel": true }`. No answer before `signal` aborts
 * is Cancel. Resolves to the printer chosen, or `null`; rejects
 * with `ConsoleBusyError` when too many wait.
 */
export function askPrint(requests: ConsoleAsker, ask: PrintAsk): Promise<string | null> {
  const fields = { documentName: ask.documentName, mimeType: ask.mimeType, printers: ask.printers } satisfies PendingFields<'print'>;
  const request: RelayedConsoleAsk<string | null> = {
    kind: 'print',
    app: ask.app,
    agent: ask.agent,
    agentKey: ask.agentKey,
    signal: ask.signal,
    deadline: ask.deadline,
    fields,
    parse: (answer) => answerParsers.print(fields, answer),
    fallback: null,
  };
  return requests.ask(request);
}
