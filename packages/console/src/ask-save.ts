import { answerField } from './answer-field.js';
import { consoleLimits, type PendingFields } from './console-contract.js';
import type { ConsoleAsk, ConsoleRequests } from './console-requests.js';
import { isCancel } from './is-cancel.js';

/** What `askSave` puts to the person: the app, the suggested name, the file's type and size, and the call path's signal and deadline. */
export interface SaveAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agentKey' | 'signal' | 'deadline'> {
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
export function askSave(requests: ConsoleRequests, ask: SaveAsk): Promise<string | null> {
  const maxLength = consoleLimits.maxSaveNameLength;
  return requests.ask<string | null>({
    kind: 'save',
    app: ask.app,
    ...(ask.agentKey === undefined ? {} : { agentKey: ask.agentKey }),
    signal: ask.signal,
    deadline: ask.deadline,
    fields: { suggestedName: ask.suggestedName, mimeType: ask.mimeType, size: ask.size } satisfies PendingFields<'save'>,
    parse: (answer) => {
      if (isCancel(answer)) return null;
      const name = answerField(answer, 'name');
      if (typeof name !== 'string' || name.trim() === '' || name.length > maxLength)
        return { refused: `name must be a non-empty string of at most ${maxLength} characters, or cancel: true` };
      return name;
    },
    fallback: null,
  });
}
