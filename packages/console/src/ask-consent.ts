import type { ConsentSheet } from '@xcap/broker';
import { answerParsers } from './answer-parsers.js';
import type { ConsentChoice } from '@xcap/call';
import type { ConsoleAsker } from './console-asker.js';
import { ConsoleBusyError, type ConsoleAsk } from './console-requests.js';
import type { PendingArgument, PendingFields } from './console-contract.js';

/** What `askConsent` puts to the person: who asks, the app, the scope, the sheet, the manifest's `why`, the tool and its arguments, and the call path's signals and deadline. */
export interface ConsentAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agent' | 'agentKey' | 'signal' | 'deadline' | 'detached'> {
  /** The scope asked for. */
  readonly scope: string;
  /** The sheet's title and text, as the call path wrote them. */
  readonly sheet: ConsentSheet;
  /** The manifest's `why` for the scope, or `null`. */
  readonly why: string | null;
  /** The catalog tool called (`photos_pick`). */
  readonly tool: string;
  /** The catalog's description of the tool. */
  readonly toolDescription: string;
  /** The call's arguments as a person reads them (`consentArguments`). */
  readonly arguments: readonly PendingArgument[];
}

/**
 * A `consent` request in `requests`, answered by `{ "reply": "allowOnce" |
 * "allow" | "deny" }` (any other shape is refused, 400); no answer before
 * `signal` aborts, a closed registry, or too many waiting (`ConsoleBusyError`) is `dismiss`. When
 * `detached` aborts the card says the agent stopped waiting, and an answer
 * still comes back here (the call path applies it to the agent's next call).
 */
export function askConsent(requests: ConsoleAsker, ask: ConsentAsk): Promise<ConsentChoice> {
  return requests
    .ask<ConsentChoice>({
      kind: 'consent',
      app: ask.app,
      agent: ask.agent,
      agentKey: ask.agentKey,
      signal: ask.signal,
      deadline: ask.deadline,
      ...(ask.detached === undefined ? {} : { detached: ask.detached }),
      fields: {
        scope: ask.scope,
        title: ask.sheet.title,
        text: ask.sheet.text,
        why: ask.why,
        tool: ask.tool,
        toolDescription: ask.toolDescription,
        arguments: ask.arguments,
        detached: false,
      } satisfies PendingFields<'consent'>,
      parse: (answer) => answerParsers.consent({}, answer),
      fallback: 'dismiss',
    })
    .catch((error: unknown) => {
      if (error instanceof ConsoleBusyError) return 'dismiss';
      throw error;
    });
}
