import { resolve } from 'node:path';
import type { OpenPicker } from '../providers/files-provider.js';
import { folderFiles } from '../providers/folder-files.js';
import { askOpen, type ConsoleRequests } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleAgentKey } from './console-agent-key.js';

/**
 * The console's open picker: `askOpen` of `@xcap/console` with `multiple`,
 * `accept` and the files of `dir` that fit `accept` (`folderFiles`:
 * regular, non-hidden, at most `maxBytes`; most recent first, the first
 * `consoleLimits.maxFiles`); answers the paths chosen, `[]` = Cancel, and
 * so is no answer before the call's signal aborts.
 */
export function consoleOpenPicker(requests: ConsoleRequests, app: string, dir: string, maxBytes = 64 * 1024 * 1024): OpenPicker {
  const folder = resolve(dir);
  return async (request, context = noDeadline) => {
    const files = await folderFiles(folder, request.accept, maxBytes);
    const chosen = await askOpen(requests, {
      app,
      agentKey: consoleAgentKey(context),
      multiple: request.multiple,
      accept: request.accept,
      files,
      signal: context.signal,
      deadline: context.deadline,
    });
    return chosen.map((file) => file.path);
  };
}
