import { answerField } from './answer-field.js';
import type { PendingFields } from './console-contract.js';
import type { ConsoleAsk, ConsoleRequests } from './console-requests.js';
import { isCancel } from './is-cancel.js';

/** What `askPrint` puts to the person: the app, the document's name and type, the printers, and the call path's signal and deadline. */
export interface PrintAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agentKey' | 'signal' | 'deadline'> {
  /** The document's name. */
  readonly documentName: string;
  /** The document's media type. */
  readonly mimeType: string;
  /** The printers to choose from. */
  readonly printers: readonly string[];
}

/**
 * A `print` request in `requests`, answered by `{ "printer": "…" }` (one
 * of `printers`) or `{ "cancel": true }`. No answer before `signal` aborts
 * is Cancel. Resolves to the printer chosen, or `null`; rejects
 * with `ConsoleBusyError` when too many wait.
 */
export function askPrint(requests: ConsoleRequests, ask: PrintAsk): Promise<string | null> {
  return requests.ask<string | null>({
    kind: 'print',
    app: ask.app,
    ...(ask.agentKey === undefined ? {} : { agentKey: ask.agentKey }),
    signal: ask.signal,
    deadline: ask.deadline,
    fields: { documentName: ask.documentName, mimeType: ask.mimeType, printers: ask.printers } satisfies PendingFields<'print'>,
    parse: (answer) => {
      if (isCancel(answer)) return null;
      const printer = answerField(answer, 'printer');
      return typeof printer === 'string' && ask.printers.includes(printer)
        ? printer
        : { refused: 'printer must be one of the listed printers, or cancel: true' };
    },
    fallback: null,
  });
}
