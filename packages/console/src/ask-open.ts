import { consoleLimits, type PendingFields, type PendingFile } from './console-contract.js';
import type { ConsoleAsk, ConsoleRequests } from './console-requests.js';
import { stringList } from './string-list.js';

/** What `askOpen` puts to the person: the app, `multiple`, `accept`, the files, and the call path's signal and deadline. */
export interface OpenAsk<F extends PendingFile> extends Pick<ConsoleAsk<unknown>, 'app' | 'agentKey' | 'signal' | 'deadline'> {
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
export function askOpen<F extends PendingFile>(requests: ConsoleRequests, ask: OpenAsk<F>): Promise<readonly F[]> {
  const files = ask.files.slice(0, consoleLimits.maxFiles);
  const byName = new Map(files.map((file) => [file.name, file]));
  return requests.ask<readonly F[]>({
    kind: 'open',
    app: ask.app,
    ...(ask.agentKey === undefined ? {} : { agentKey: ask.agentKey }),
    signal: ask.signal,
    deadline: ask.deadline,
    fields: { multiple: ask.multiple, accept: ask.accept, files: files.map(({ name, size }) => ({ name, size })) } satisfies PendingFields<'open'>,
    parse: (answer) => {
      const names = stringList(answer, 'names', ask.multiple ? consoleLimits.maxFiles : 1);
      if (typeof names === 'string') return { refused: names };
      const stranger = names.find((name) => !byName.has(name));
      if (stranger !== undefined) return { refused: `${JSON.stringify(stranger)} is not a file of this request` };
      return names.flatMap((name) => byName.get(name) ?? []);
    },
    fallback: [],
  });
}
