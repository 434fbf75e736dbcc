import type { AgentLabel, JsonValue, Verdict } from '@xcap/catalog';
import type { ConsentSheet } from '@xcap/broker';

/**
 * A person's answer to a sheet: `allowOnce` runs this call and stores
 * nothing; `allow` (Always allow) stores `granted`; `deny` (Don’t allow)
 * stores `denied`; `dismiss` stores nothing and refuses.
 */
export type ConsentChoice = 'allowOnce' | 'allow' | 'deny' | 'dismiss';

/** The tool a sheet asks for: its catalog id and the catalog's description of it. */
export interface ConsentTool {
  /** The catalog tool id, e.g. `photos_pick` (the UI spelling, whoever calls). */
  readonly id: string;
  /** The catalog's description of the tool; `""` for a tool of a scope without a v1 entry. */
  readonly description: string;
}

/**
 * What the call path shows the person: the app, who asks (`agent`,
 * `client`), the scope, the tool and its arguments, the sheet's text and
 * the `ask` verdict being answered, and when the sheet ends.
 */
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
   * Who asks, as the person is told (`CallRequest.agent`, each string clipped
   * to its bound); all three parts `null` for an agent that gave no label;
   * `null` for a call from the app's UI.
   */
  readonly agent: AgentLabel | null;
  /** The audit clientId of the agent (run id, `token:<name>`, `oauth:…`); `null` for a call from the app's UI. */
  readonly client: string | null;
  /** The tool called, by its catalog id and description (`photos_pick`, whoever calls). */
  readonly tool: ConsentTool;
  /**
   * A deep-frozen copy of the call's argument snapshot, what the row's
   * `argsHash` hashes (`undefined` for absent arguments); a sheet shared by
   * concurrent calls carries the arguments of the call that opened it (they
   * all have the same `argsHash`).
   */
  readonly arguments: JsonValue | undefined;
  /**
   * The `argsHash` of the call's arguments as received — the value its audit
   * row records — so a UI that binds its answer to the call (the modern MCP
   * era's signed `requestState`) need not hash them again. A sheet is shared
   * only by calls with the same scope, tool, agent and hash.
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
   * Aborted when no call waits on the sheet any more while the sheet stays
   * open (a call's wait, `consentWaitMs`, ran out before the person
   * answered): an answer after it applies to the agent's NEXT call —
   * `allow`/`deny` are stored, `allowOnce` lets the next call of that scope
   * by the same `client` through once, before `deadline`. A UI says so on
   * the card ("The agent stopped waiting. Your answer applies to its next
   * call."). It never aborts when `signal` aborted first.
   */
  readonly detached: AbortSignal;
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
 * person's choice (`ConsentChoice`). A UI that throws, rejects, answers
 * anything other than `allowOnce`, `allow`, `deny` or `dismiss`, or does not
 * answer before its request's `signal` aborts (at `deadline`,
 * `consentTimeoutMs` after the sheet opened, when every call waiting on it
 * is cancelled, or when another sheet's answer stored a grant for the
 * scope) counts as `dismiss` (nothing is written, the call is refused
 * `consentNeeded`, the sheet comes again next time). The call path owns
 * that deadline: a UI keeps no timer of its own, and stops asking when the
 * signal aborts. An answer after `detached` aborted (but before `signal`)
 * still counts, for the agent's next call.
 */
export type ConsentUi = (request: ConsentRequest) => ConsentChoice | Promise<ConsentChoice>;
