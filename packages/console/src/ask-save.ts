import { answerParsers } from './answer-parsers.js';
import type { ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
import type { PendingFields } from './console-contract.js';
import type { ConsoleAsk } from './console-requests.js';

/** What `askSave` puts to the person: who asks, the app, the suggested name, the file's type and size, and the call path's signal and deadline. */
export interface SaveAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agent' | 'agentKey' | 'signal' | 'deadline'> {
  /** The name the app suggests. */
  readonly suggestedName: string;
  /** The file's media type. */
  readonly mimeType: string;
  /** The file's size in bytes. */
  readonly size: number;
}

/**
 * A `save` request in `requests`, answered by `{ "name": "…" }` (not blank,
 * at most `consoleLimits.maxSaveNameLength` characters) or `{ "cancel":
 * true }`. No answer before `signal` aborts is Cancel. Resolves to the name
 * chosen (the host makes it safe and free), or `null`; rejects with
 * `ConsoleBusyError` when too many wait.
 */
export function askSave(requests: ConsoleAsker, ask: SaveAsk): Promise<string | null> {
  const fields = { suggestedName: ask.suggestedName, mimeType: ask.mimeType, size: ask.size } satisfies PendingFields<'save'>;
  const request: RelayedConsoleAsk<string | null> = {
    kind: 'save',
    app: ask.app,
    agent: ask.agent,
    agentKey: ask.agentKey,
    signal: ask.signal,
    deadline: ask.deadline,
    fields,
    parse: (answer) => answerParsers.save(fields, answer),
    fallback: null,
  };
  return requests.ask(request);
}
