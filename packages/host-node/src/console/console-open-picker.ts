import { resolve } from 'node:path';
import type { OpenPicker } from '../providers/files-provider.js';
import { folderFiles } from '../providers/folder-files.js';
import { askOpen, type ConsoleAsker } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleWho } from './console-who.js';

/**
 * The console's open picker: `askOpen` of `@xcap/console` with `multiple`,
 * `accept` and the files of `dir` that fit `accept` (`folderFiles`:
 * regular, non-hidden, at most `maxBytes`; most recent first, the first
 * `consoleLimits.maxFiles`); answers the files chosen as they were listed
 * (`ListedFile`: path, device and inode — the provider opens each once
 * without following a link and refuses one swapped since), `[]` = Cancel,
 * and so is no answer before the call's signal aborts. Refused because too
 * many requests of its agent wait, it rejects: the call fails, unlike a Cancel.
 */
export function consoleOpenPicker(requests: ConsoleAsker, app: string, dir: string, maxBytes = 64 * 1024 * 1024): OpenPicker {
  const folder = resolve(dir);
  return async (request, context = noDeadline) => {
    const files = await folderFiles(folder, request.accept, maxBytes);
    const chosen = await askOpen(requests, {
      app,
      multiple: request.multiple,
      accept: request.accept,
      files,
      ...consoleWho(context),
      signal: context.signal,
      deadline: context.deadline,
    });
    // The files as listed (path, device, inode): the provider reads each only if it is still that file.
    return chosen.map(({ path, dev, ino }) => ({ path, dev, ino }));
  };
}
