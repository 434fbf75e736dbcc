import type { ConsentUi } from '@xcap/call';
import type { ConsentMode } from './consent-mode.js';
import { dismissConsent } from './dismiss-consent.js';

/**
 * The consent UI `xcap serve` gives its host: in the background every sheet
 * is dismissed; in the foreground a given UI (the console's, or a host's own)
 * wins, else `prompt` asks on the controlling terminal and every other mode
 * dismisses (elicit asks in the agent's client, not here). The terminal's
 * code is loaded only for `prompt`.
 */
export async function hostConsentUi(foreground: boolean, mode: ConsentMode, given: ConsentUi | undefined): Promise<ConsentUi> {
  if (!foreground) return dismissConsent;
  if (given !== undefined) return given;
  return mode === 'prompt' ? (await import('./tty-consent.js')).ttyConsent() : dismissConsent;
}
