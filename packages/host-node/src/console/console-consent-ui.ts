import { answerField } from './answer-field.js';
import type { ConsentReply } from '@xcap/broker';
import type { ConsentUi } from '@xcap/call';
import type { AppManifest } from '../manifest/app-manifest.js';
import type { ConsoleRequests, PendingFields } from '@xcap/console';

/**
 * The console's consent UI: each sheet the call path asks is a `consent`
 * request in `requests` — the scope, the sheet's title and text and the
 * manifest's `why` for the scope (or `null`) — answered by `{ "reply":
 * "allow" | "deny" }`; no answer before the call path's signal aborts (its deadline, the call's cancel) is `dismiss`. The
 * answer goes back to the call path, which stores it through
 * `consentAnswer` (this writes no grant).
 */
export function consoleConsentUi(requests: ConsoleRequests, manifest: Pick<AppManifest, 'capabilities'>): ConsentUi {
  return (request) => {
    const why = manifest.capabilities.find((entry) => entry.id === request.scope)?.why ?? null;
    return requests.ask<ConsentReply>({
      kind: 'consent',
      app: request.app,
      signal: request.signal,
      deadline: request.deadline,
      fields: { scope: request.scope, title: request.sheet.title, text: request.sheet.text, why } satisfies PendingFields<'consent'>,
      parse: (answer) => {
        const reply = answerField(answer, 'reply');
        return reply === 'allow' || reply === 'deny' ? reply : { refused: 'reply must be "allow" or "deny"' };
      },
      fallback: 'dismiss',
    });
  };
}
