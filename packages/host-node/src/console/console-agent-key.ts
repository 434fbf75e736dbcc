import type { NativeContext } from '@xcap/catalog';
import { agentKeyOf } from '@xcap/console';

/**
 * The `ConsoleAsk.agentKey` of a picker call: the calling agent's audit
 * clientId from the native's context (`NativeContext.client` of the consent
 * contract; `null` = the app's UI, `ui`), `unknown` while the call path hands
 * none on. The console bounds pending requests per key; one refused for it
 * rejects (`ConsoleBusyError`), which the provider answers as isError
 * `pickerFailed: busy: …` (audited), never as a Cancel.
 */
export function consoleAgentKey(context: NativeContext): string {
  return agentKeyOf((context as NativeContext & { readonly client?: string | null }).client);
}
