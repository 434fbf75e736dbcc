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
}

/**
 * A host's consent UI: shows the sheet in the foreground and answers the
 * person's choice. A UI that throws, rejects or answers anything other than
 * `allow`, `deny` or `dismiss` counts as `dismiss` (nothing is written, the
 * call is refused `consentNeeded`, the sheet comes again next time).
 */
export type ConsentUi = (request: ConsentRequest) => ConsentReply | Promise<ConsentReply>;
