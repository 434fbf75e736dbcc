import type { SavePicker } from '../providers/files-provider.js';
import { askSave, type ConsoleRequests } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleAgentKey } from './console-agent-key.js';

/**
 * The console's save dialog: `askSave` of `@xcap/console` with the
 * suggested name, `mimeType` and `size`; the name chosen is saved into the
 * files folder under its safe, free form (never over another file, never
 * outside the folder). Cancel, or no answer before the call's signal
 * aborts, saves nothing.
 */
export function consoleSavePicker(requests: ConsoleRequests, app: string): SavePicker {
  return async (request, context = noDeadline) => {
    const name = await askSave(requests, {
      app,
      agentKey: consoleAgentKey(context),
      suggestedName: request.name,
      mimeType: request.mimeType,
      size: request.size,
      signal: context.signal,
      deadline: context.deadline,
    });
    return name === null ? null : { folderName: name };
  };
}
