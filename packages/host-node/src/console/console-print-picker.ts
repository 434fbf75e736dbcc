import { answerField } from './answer-field.js';
import type { PrintPicker } from '../providers/print-provider.js';
import type { ConsoleRequests, PendingFields } from '@xcap/console';
import { isCancel } from './is-cancel.js';
import { noDeadline } from '../providers/no-deadline.js';

/**
 * The console's print sheet: a `print` request with `documentName`,
 * `mimeType` and the `printers` `lpstat` lists, answered by `{ "printer":
 * "…" }` (one of the list) or `{ "cancel": true }`. No answer before the
 * call's signal aborts is Cancel.
 */
export function consolePrintPicker(requests: ConsoleRequests, app: string): PrintPicker {
  return (request, context = noDeadline) =>
    requests.ask<string | null>({
      kind: 'print',
      app,
      signal: context.signal,
      deadline: context.deadline,
      fields: { documentName: request.name, mimeType: request.mimeType, printers: request.printers } satisfies PendingFields<'print'>,
      parse: (answer) => {
        if (isCancel(answer)) return null;
        const printer = answerField(answer, 'printer');
        return typeof printer === 'string' && request.printers.includes(printer)
          ? printer
          : { refused: 'printer must be one of the listed printers, or cancel: true' };
      },
      fallback: null,
    });
}
