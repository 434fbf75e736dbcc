import type { Server } from '@modelcontextprotocol/server';
import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest, ConsentUi } from '@xcap/call';
import { consentFormMessage, consentFormReply, consentFormSchema } from './consent-form.js';

/** Options of `elicitConsent`. */
export interface ElicitConsentOptions {
  /** How long the person may take to answer, in milliseconds (default 300,000); no answer in time counts as dismiss. The call path's `consentTimeoutMs` (default 120,000) bounds it too: the shorter one ends the wait. */
  readonly timeoutMs?: number;
}

/**
 * A consent UI that asks the person through the agent's own MCP client on a
 * legacy (2025-era) connection: `elicitation/create` in form mode, the
 * message the consent sheet's title and text, the form one choice `answer`
 * = `allow` or `deny`. An accepted form answers that choice; a decline, a
 * cancel, a client that did not declare `capabilities.elicitation`, a
 * modern connection (which has no server-to-client requests: see
 * `mountCallPath`'s `input_required`), a failed request or no answer
 * within `timeoutMs` all count as `dismiss`.
 */
export function elicitConsent(server: Server, options: ElicitConsentOptions = {}): ConsentUi {
  const timeout = options.timeoutMs ?? 300_000;
  return async (request: ConsentRequest): Promise<ConsentReply> => {
    // The capabilities the client declared in `initialize` (legacy era); the accessor is deprecated only for modern requests.
    if (server.getClientCapabilities()?.elicitation === undefined) return 'dismiss';
    try {
      const result = await server.elicitInput({ mode: 'form', message: consentFormMessage(request), requestedSchema: consentFormSchema }, { timeout });
      return consentFormReply(result.action, result.content);
    } catch {
      return 'dismiss';
    }
  };
}
