import { consoleLimits, type PendingFields, type PendingFile } from './console-contract.js';
import { answerParsers, isRefusedAnswer } from './answer-parsers.js';
import type { ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
import type { ConsoleAsk } from './console-requests.js';

/** What `askOpen` puts to the person: who asks, the app, `multiple`, `accept`, the files, and the call path's signal and deadline. */
export interface OpenAsk<F extends PendingFile> extends Pick<ConsoleAsk<unknown>, 'app' | 'agent' | 'agentKey' | 'signal' | 'deadline'> {
  /** Whether more than one file may be chosen. */
  readonly multiple: boolean;
  /** The media types or extensions the app accepts, as it gave them. */
  readonly accept: readonly string[];
  /** The files offered, most recent first (the first `consoleLimits.maxFiles` are listed: name and size). */
  readonly files: readonly F[];
}

/**
 * An `open` request in `requests` with `multiple`, `accept` and the first
 * `consoleLimits.maxFiles` files (name and size), answered by `{ "names":
 * [...] }` — distinct names of the list, one unless `multiple`, `[]` =
 * Cancel. No answer before `signal` aborts is Cancel. Resolves to the
 * files chosen, as given; rejects with `ConsoleBusyError` when too many wait.
 */
export function askOpen<F extends PendingFile>(requests: ConsoleAsker, ask: OpenAsk<F>): Promise<readonly F[]> {
  const files = ask.files.slice(0, consoleLimits.maxFiles);
  const byName = new Map(files.map((file) => [file.name, file]));
  const fields = { multiple: ask.multiple, accept: ask.accept, files: files.map(({ name, size }) => ({ name, size })) } satisfies PendingFields<'open'>;
  const request: RelayedConsoleAsk<readonly F[]> = {
    kind: 'open',
    app: ask.app,
    agent: ask.agent,
    agentKey: ask.agentKey,
    signal: ask.signal,
    deadline: ask.deadline,
    fields,
    parse: (answer) => {
      const names = answerParsers.open(fields, answer);
      return isRefusedAnswer(names) ? names : names.flatMap((name) => byName.get(name) ?? []);
    },
    fallback: [],
  };
  return requests.ask(request);
}
