import type { Verdict } from '@xcap/catalog';
import type { ConsentReply, ConsentSheet } from '@xcap/broker';

/** What the call path shows the person: the app, the scope, the sheet's text and the `ask` verdict being answered. */
export interface ConsentRequest {
  /** The app id asking. */
  readonly app: string;
  /** The scope id asked for, e.g. `photos.read`. */
  readonly scope: string;
  /** The sheet's title and text (`consentSheet`). */
  readonly sheet: ConsentSheet;
  /** The broker's `ask` verdict for the call. */
  readonly verdict: Verdict;
  /**
   * The `argsHash` of the call's arguments as received — the value its audit
   * row records — so a UI that binds its answer to the call (the modern MCP
   * era's signed `requestState`) need not hash them again. A sheet shared by
   * concurrent calls for one scope carries the hash of the call that opened it.
   */
  readonly argsHash: string;
}

/** How long the call path waits for the person's answer on a consent sheet by default (`consentTimeoutMs`): two minutes. */
export const defaultConsentTimeoutMs = 120_000;

/**
 * A host's consent UI: shows the sheet in the foreground and answers the
 * person's choice. A UI that throws, rejects, answers anything other than
 * `allow`, `deny` or `dismiss`, or does not answer within
 * `consentTimeoutMs` counts as `dismiss` (nothing is written, the call is
 * refused `consentNeeded`, the sheet comes again next time).
 */
export type ConsentUi = (request: ConsentRequest) => ConsentReply | Promise<ConsentReply>;
