import type { ConsentUi } from '@xcap/call';
import type { ManifestEntry } from '@xcap/catalog';
import { agentKeyOf } from './agent-key-of.js';
import { askConsent } from './ask-consent.js';
import type { ConsoleRequests } from './console-requests.js';

/**
 * The console's consent UI: each sheet the call path asks is an
 * `askConsent` request in `requests` — the scope, the sheet's title and
 * text and the manifest's `why` for the scope (or `null`); no answer before
 * the call path's signal aborts (its deadline, the call's cancel) is
 * `dismiss`, and so is a sheet refused because too many of its agent's
 * requests are waiting. The answer goes back to the call path, which stores it through
 * `consentAnswer` (this writes no grant).
 */
export function consoleConsentUi(requests: ConsoleRequests, manifest: { readonly capabilities: readonly ManifestEntry[] }): ConsentUi {
  return (request) =>
    askConsent(requests, {
      app: request.app,
      // The audit clientId of the asking agent (the consent contract's `client`) for the per-agent bound, once the call path gives it.
      agentKey: agentKeyOf((request as { readonly client?: string | null }).client),
      scope: request.scope,
      sheet: request.sheet,
      why: manifest.capabilities.find((entry) => entry.id === request.scope)?.why ?? null,
      signal: request.signal,
      deadline: request.deadline,
    });
}
