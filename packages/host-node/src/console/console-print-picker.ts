import type { PrintPicker } from '../providers/print-provider.js';
import { askPrint, type ConsoleRequests } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleAgentKey } from './console-agent-key.js';

/**
 * The console's print sheet: `askPrint` of `@xcap/console` with the
 * document's name, `mimeType` and the `printers` `lpstat` lists. Cancel,
 * or no answer before the call's signal aborts, prints nothing.
 */
export function consolePrintPicker(requests: ConsoleRequests, app: string): PrintPicker {
  return (request, context = noDeadline) =>
    askPrint(requests, {
      app,
      agentKey: consoleAgentKey(context),
      documentName: request.name,
      mimeType: request.mimeType,
      printers: request.printers,
      signal: context.signal,
      deadline: context.deadline,
    });
}
