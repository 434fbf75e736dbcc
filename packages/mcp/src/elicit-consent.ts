import type { Server } from '@modelcontextprotocol/server';
import type { ConsentChoice, ConsentRequest, ConsentUi } from '@xcap/call';
import { consentFormMessage, consentFormReply, consentFormSchema } from './consent-form.js';

/** Options of `elicitConsent`. */
export interface ElicitConsentOptions {
  /**
   * A bound of the SDK request itself, in milliseconds (default 300,000); no
   * answer in time counts as dismiss. The call path owns the deadline: the
   * request is sent with the consent request's `signal`, which aborts at the
   * call path's `consentTimeoutMs` (default 120,000) or when the agent
   * cancels the call, and the SDK then cancels the elicitation
   * (`notifications/cancelled` to the client); this bound matters only when
   * it is the shorter.
   */
  readonly timeoutMs?: number;
}

/**
 * A consent UI that asks the person through the agent's own MCP client on a
 * legacy (2025-era) connection: `elicitation/create` in form mode, the
 * message naming the agent, the app, the sheet's title and text, the tool
 * and the arguments (`consentFormMessage`), the form one choice `answer` of
 * three (`consentFormSchema`: Allow once, Always allow, Don’t allow). An
 * accepted form answers that choice (`allowOnce`, `allow`, `deny`); a decline, a
 * cancel, a client that did not declare `capabilities.elicitation`, a
 * modern connection (which has no server-to-client requests: see
 * `mountCallPath`'s `input_required`), a failed request, no answer
 * within `timeoutMs` or the request's `signal` aborting (the elicitation is
 * then cancelled; a request already aborted is never sent) all count as
 * `dismiss`.
 */
export function elicitConsent(server: Server, options: ElicitConsentOptions = {}): ConsentUi {
  const timeout = options.timeoutMs ?? 300_000;
  return async (request: ConsentRequest): Promise<ConsentChoice> => {
    // The capabilities the client declared in `initialize` (legacy era); the accessor is deprecated only for modern requests.
    if (server.getClientCapabilities()?.elicitation === undefined || request.signal.aborted) return 'dismiss';
    try {
      const result = await server.elicitInput(
        { mode: 'form', message: consentFormMessage(request), requestedSchema: consentFormSchema },
        { timeout, signal: request.signal },
      );
      // An answer after the abort changes nothing (the call path ignores it too); read again: the await may have seen it abort.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- aborted can change during the await
      if (request.signal.aborted) return 'dismiss';
      return consentFormReply(result.action, result.content);
    } catch {
      return 'dismiss';
    }
  };
}
