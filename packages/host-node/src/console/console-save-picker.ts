import { answerField } from './answer-field.js';
import type { SaveIntoFolder, SavePicker } from '../providers/files-provider.js';
import { consoleLimits, type ConsoleRequests, type PendingFields } from '@xcap/console';
import { isCancel } from './is-cancel.js';
import { noDeadline } from '../providers/no-deadline.js';

/** The longest name a save answer may carry, in characters. */
const maxNameLength = consoleLimits.maxSaveNameLength;

/**
 * The console's save dialog: a `save` request with `suggestedName`,
 * `mimeType` and `size`, answered by `{ "name": "…" }` (saved into the
 * files folder under its safe, free form: never over another file, never
 * outside the folder) or `{ "cancel": true }`. No answer before the call's
 * signal aborts is Cancel.
 */
export function consoleSavePicker(requests: ConsoleRequests, app: string): SavePicker {
  return (request, context = noDeadline) =>
    requests.ask<SaveIntoFolder | null>({
      kind: 'save',
      app,
      signal: context.signal,
      deadline: context.deadline,
      fields: { suggestedName: request.name, mimeType: request.mimeType, size: request.size } satisfies PendingFields<'save'>,
      parse: (answer) => {
        if (isCancel(answer)) return null;
        const name = answerField(answer, 'name');
        if (typeof name !== 'string' || name.trim() === '' || name.length > maxNameLength)
          return { refused: `name must be a non-empty string of at most ${maxNameLength} characters, or cancel: true` };
        return { folderName: name };
      },
      fallback: null,
    });
}
