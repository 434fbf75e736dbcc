import type { ConsentReply } from '@xcap/broker';
import type { AgentCallRequest, ConsentRequest, ConsentUi } from '@xcap/call';

// The consent contract of issue 32, declared here structurally until `@xcap/call` (branch h/call) exports it:
// `AgentLabel`, `ConsentChoice`, the new `ConsentRequest` and `CallRequest` fields. Once it does, these become
// re-imports of its names.

/** Who calls, as the person is told (`AgentLabel` of `@xcap/call`). */
export interface AgentLabel {
  /** `clientInfo.name`, at most 100 characters; `null` when unknown. */
  readonly name: string | null;
  /** `clientInfo.version`, at most 50 characters; `null` when unknown. */
  readonly version: string | null;
  /** How it reached the host: `token laptop`, `OAuth client xcap-agent at login.example.com`; `null` over stdio. */
  readonly via: string | null;
}

/** A person's answer to a sheet (`ConsentChoice` of `@xcap/call`). */
export type ConsentChoice = ConsentReply | 'allowOnce';

/** A consent request with the fields issue 32 adds (absent from a call path that does not give them yet; an intersection, so it stays valid once `ConsentRequest` has them). */
export type ConsentRequestWithWho = ConsentRequest & {
  readonly agent?: AgentLabel | null;
  readonly client?: string | null;
  readonly tool?: { readonly id: string; readonly description: string };
  readonly arguments?: unknown;
};

/** An agent call request with the fields issue 32 adds (an intersection, as above). */
export type AgentCallRequestWithWho = AgentCallRequest & {
  readonly agent?: AgentLabel;
  readonly waitsLong?: boolean;
};

/** A consent UI answering the three choices. */
export type ChoiceUi = (request: ConsentRequestWithWho) => ConsentChoice | Promise<ConsentChoice>;

/** A choice UI as the call path's `ConsentUi` (the same function: the call path of issue 32 takes `allowOnce`). */
export function asConsentUi(ui: ChoiceUi): ConsentUi {
  return ui as unknown as ConsentUi;
}
