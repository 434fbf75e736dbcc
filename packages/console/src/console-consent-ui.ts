import type { ConsentUi } from '@xcap/call';
import type { ManifestEntry } from '@xcap/catalog';
import { askConsent } from './ask-consent.js';
import type { ConsoleAsker } from './console-asker.js';

/**
 * The console's consent UI: each sheet the call path asks is an
 * `askConsent` request in `requests` — the scope, the sheet's title and
 * text and the manifest's `why` for the scope (or `null`); no answer before
 * the call path's signal aborts (its deadline, the call's cancel) is
 * `dismiss`. The answer goes back to the call path, which stores it through
 * `consentAnswer` (this writes no grant).
 */
export function consoleConsentUi(requests: ConsoleAsker, manifest: { readonly capabilities: readonly ManifestEntry[] }): ConsentUi {
  return (request) =>
    askConsent(requests, {
      app: request.app,
      scope: request.scope,
      sheet: request.sheet,
      why: manifest.capabilities.find((entry) => entry.id === request.scope)?.why ?? null,
      signal: request.signal,
      deadline: request.deadline,
    });
}
