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
  /**
   * Aborted when the call path stops waiting for this sheet: at `deadline`
   * (`consentTimeoutMs` after the sheet opened) and when every call waiting
   * on it was cancelled (the client cancelled or went away:
   * `CallRequest.signal`). The UI must then stop asking — close its dialog,
   * say so, never take a later input as this sheet's answer — and may answer
   * anything: an answer after the abort changes nothing (the call was
   * already answered as dismissed; no grant is written).
   */
  readonly signal: AbortSignal;
  /**
   * When the call path stops waiting at the latest, in milliseconds since
   * the epoch on the host's clock (`CallPathOptions.clock`, as `getTime()`):
   * the sheet's opening + `consentTimeoutMs`; `Infinity` when the call path
   * waits for ever. For a UI that shows the time left; `signal` is what
   * ends the sheet (it may abort earlier, on a cancel).
   */
  readonly deadline: number;
}

/** How long the call path waits for the person's answer on a consent sheet by default (`consentTimeoutMs`): two minutes. */
export const defaultConsentTimeoutMs = 120_000;

/**
 * A host's consent UI: shows the sheet in the foreground and answers the
 * person's choice. A UI that throws, rejects, answers anything other than
 * `allow`, `deny` or `dismiss`, or does not answer before its request's
 * `signal` aborts (at `deadline`, `consentTimeoutMs` after the sheet opened,
 * or when every call waiting on it is cancelled) counts as `dismiss`
 * (nothing is written, the call is refused `consentNeeded`, the sheet comes
 * again next time). The call path owns that deadline: a UI keeps no timer of
 * its own, and stops asking when the signal aborts.
 */
export type ConsentUi = (request: ConsentRequest) => ConsentReply | Promise<ConsentReply>;
