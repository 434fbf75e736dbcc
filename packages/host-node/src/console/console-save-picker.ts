import type { SavePicker } from '../providers/files-provider.js';
import { askSave, type ConsoleAsker } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleWho } from './console-who.js';

/**
 * The console's save dialog: `askSave` of `@xcap/console` with the
 * suggested name, `mimeType` and `size`; the name chosen is saved into the
 * files folder under its safe, free form (never over another file, never
 * outside the folder). Cancel, or no answer before the call's signal
 * aborts, saves nothing.
 */
export function consoleSavePicker(requests: ConsoleAsker, app: string): SavePicker {
  return async (request, context = noDeadline) => {
    const name = await askSave(requests, {
      app,
      suggestedName: request.name,
      mimeType: request.mimeType,
      size: request.size,
      ...consoleWho(context),
      signal: context.signal,
      deadline: context.deadline,
    });
    return name === null ? null : { folderName: name };
  };
}
