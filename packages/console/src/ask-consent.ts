import type { ConsentReply, ConsentSheet } from '@xcap/broker';
import { answerField } from './answer-field.js';
import { ConsoleBusyError, type ConsoleAsk, type ConsoleRequests } from './console-requests.js';
import type { PendingFields } from './console-contract.js';

/** What `askConsent` puts to the person: the app, the scope, the sheet, the manifest's `why`, and the call path's signal and deadline. */
export interface ConsentAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agentKey' | 'signal' | 'deadline'> {
  /** The scope asked for. */
  readonly scope: string;
  /** The sheet's title and text, as the call path wrote them. */
  readonly sheet: ConsentSheet;
  /** The manifest's `why` for the scope, or `null`. */
  readonly why: string | null;
}

/**
 * A `consent` request in `requests`, answered by `{ "reply": "allow" |
 * "deny" }` (any other shape is refused, 400); no answer before `signal`
 * aborts, a closed registry, or too many waiting (`ConsoleBusyError`) is `dismiss`.
 */
export function askConsent(requests: ConsoleRequests, ask: ConsentAsk): Promise<ConsentReply> {
  return requests
    .ask<ConsentReply>({
      kind: 'consent',
      app: ask.app,
      ...(ask.agentKey === undefined ? {} : { agentKey: ask.agentKey }),
      signal: ask.signal,
      deadline: ask.deadline,
      fields: { scope: ask.scope, title: ask.sheet.title, text: ask.sheet.text, why: ask.why } satisfies PendingFields<'consent'>,
      parse: (answer) => {
        const reply = answerField(answer, 'reply');
        return reply === 'allow' || reply === 'deny' ? reply : { refused: 'reply must be "allow" or "deny"' };
      },
      fallback: 'dismiss',
    })
    .catch((error: unknown) => {
      if (error instanceof ConsoleBusyError) return 'dismiss';
      throw error;
    });
}
