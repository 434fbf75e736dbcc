import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest, ConsentUi } from '@xcap/call';

/** Options of `elicitConsent`. */
export interface ElicitConsentOptions {
  /** How long the person may take to answer, in milliseconds (default 300,000); no answer in time counts as dismiss. */
  readonly timeoutMs?: number;
}

/** The form the agent's client shows: one choice, allow or deny. */
const requestedSchema = {
  type: 'object' as const,
  properties: {
    answer: {
      type: 'string' as const,
      title: 'Your answer',
      oneOf: [
        { const: 'allow', title: 'Allow' },
        { const: 'deny', title: 'Don’t allow' },
      ],
    },
  },
  required: ['answer'],
};

/**
 * A consent UI that asks the person through the agent's own MCP client
 * (`elicitation/create`, form mode): the message is the consent sheet's title
 * and text, the form one choice `answer` = `allow` or `deny`. An accepted
 * form answers that choice; a decline, a cancel, a client that did not
 * declare `capabilities.elicitation`, a failed request or no answer within
 * `timeoutMs` all count as `dismiss`.
 */
export function elicitConsent(server: Server, options: ElicitConsentOptions = {}): ConsentUi {
  const timeout = options.timeoutMs ?? 300_000;
  return async (request: ConsentRequest): Promise<ConsentReply> => {
    if (server.getClientCapabilities()?.elicitation?.form === undefined) return 'dismiss';
    try {
      const result = await server.elicitInput(
        { mode: 'form', message: `${request.sheet.title}: ${request.sheet.text}`, requestedSchema },
        { timeout },
      );
      if (result.action !== 'accept') return 'dismiss';
      const answer = result.content?.answer;
      return answer === 'allow' || answer === 'deny' ? answer : 'dismiss';
    } catch {
      return 'dismiss';
    }
  };
}
