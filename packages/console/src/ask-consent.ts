import type { ConsentReply, ConsentSheet } from '@xcap/broker';
import { answerField } from './answer-field.js';
import type { ConsoleAsker } from './console-asker.js';
import type { ConsoleAsk } from './console-requests.js';
import type { PendingFields } from './console-contract.js';

/** What `askConsent` puts to the person: the app, the scope, the sheet, the manifest's `why`, and the call path's signal and deadline. */
export interface ConsentAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'signal' | 'deadline'> {
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
 * aborts, too many waiting or a closed registry is `dismiss`.
 */
export function askConsent(requests: ConsoleAsker, ask: ConsentAsk): Promise<ConsentReply> {
  return requests.ask<ConsentReply>({
    kind: 'consent',
    app: ask.app,
    signal: ask.signal,
    deadline: ask.deadline,
    fields: { scope: ask.scope, title: ask.sheet.title, text: ask.sheet.text, why: ask.why } satisfies PendingFields<'consent'>,
    parse: (answer) => {
      const reply = answerField(answer, 'reply');
      return reply === 'allow' || reply === 'deny' ? reply : { refused: 'reply must be "allow" or "deny"' };
    },
    fallback: 'dismiss',
  });
}
