import { resolve } from 'node:path';
import type { OpenPicker } from '../providers/files-provider.js';
import { folderFiles } from '../providers/folder-files.js';
import { consoleLimits, type ConsoleRequests, type PendingFields } from '@xcap/console';
import { stringList } from './string-list.js';
import { noDeadline } from '../providers/no-deadline.js';

/** The most files an open picker request lists. */
export const maxConsoleFiles = consoleLimits.maxFiles;

/**
 * The console's open picker: an `open` request with `multiple`, `accept`
 * and the files of `dir` that fit `accept` (`folderFiles`: regular,
 * non-hidden, at most `maxBytes`; most recent first, at most
 * `maxConsoleFiles`: name and size), answered by `{ "names": [...] }` —
 * names of the list, one unless `multiple`, `[]` = Cancel. No answer before
 * the call's signal aborts is Cancel.
 */
export function consoleOpenPicker(requests: ConsoleRequests, app: string, dir: string, maxBytes = 64 * 1024 * 1024): OpenPicker {
  const folder = resolve(dir);
  return async (request, context = noDeadline) => {
    const files = (await folderFiles(folder, request.accept, maxBytes)).slice(0, maxConsoleFiles);
    const paths = new Map(files.map((file) => [file.name, file.path]));
    return requests.ask<readonly string[]>({
      kind: 'open',
      app,
      signal: context.signal,
      deadline: context.deadline,
      fields: { multiple: request.multiple, accept: request.accept, files: files.map(({ name, size }) => ({ name, size })) } satisfies PendingFields<'open'>,
      parse: (answer) => {
        const names = stringList(answer, 'names', request.multiple ? maxConsoleFiles : 1);
        if (typeof names === 'string') return { refused: names };
        const chosen = names.map((name) => paths.get(name));
        const stranger = names.find((_name, index) => chosen[index] === undefined);
        return stranger === undefined ? chosen.filter((path) => path !== undefined) : { refused: `${JSON.stringify(stranger)} is not a file of this request` };
      },
      fallback: [],
    });
  };
}
