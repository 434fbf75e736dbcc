import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

/** What a consent question is about: the payload of its signed `requestState`. */
export interface ConsentQuestion {
  /** The app id asking. */
  readonly app: string;
  /** The scope asked for, e.g. `photos.read`. */
  readonly scope: string;
  /** The asking call's `argsHash` (`@xcap/audit`): the answer is bound to these arguments. */
  readonly argsHash: string;
}

/** Options of `createConsentState`. */
export interface ConsentStateOptions {
  /** The HMAC-SHA256 key, at least 32 bytes (default: 32 random bytes drawn now, so a state is valid only for this server start). */
  readonly key?: Uint8Array;
  /** How long a question stays answerable, in seconds (default 600). */
  readonly ttlSeconds?: number;
}

/** Signs and checks the `requestState` of a consent question (`createConsentState`). */
export interface ConsentState {
  /** The signed state naming `question`, to send with the `input_required` result. */
  mint(question: ConsentQuestion): Promise<string>;
  /** The question a state names, or `null` when the state is not a string, was not signed with this key, was tampered with, has expired or names no valid question. */
  verify(state: unknown, ctx: ServerContext): Promise<ConsentQuestion | null>;
}

/** The default time a consent question stays answerable: ten minutes. */
export const defaultConsentStateTtlSeconds = 600;

/**
 * The signed `requestState` of the modern era's consent question: the SDK's
 * HMAC-SHA256 `createRequestStateCodec` over `{app, scope, argsHash}` with
 * an expiry. One codec must serve every round of a question: share it
 * between the server instances of one endpoint (HTTP makes one per
 * request); the default key is drawn per call of this function.
 */
export function createConsentState(options: ConsentStateOptions = {}): ConsentState {
  const key = options.key ?? globalThis.crypto.getRandomValues(new Uint8Array(32));
  const codec = createRequestStateCodec<ConsentQuestion>({ key, ttlSeconds: options.ttlSeconds ?? defaultConsentStateTtlSeconds });
  return {
    mint: (question) => codec.mint({ app: question.app, scope: question.scope, argsHash: question.argsHash }),
    verify: async (state, ctx) => {
      if (typeof state !== 'string') return null;
      try {
        const payload: unknown = await codec.verify(state, ctx);
        return isQuestion(payload) ? payload : null;
      } catch {
        return null;
      }
    },
  };
}

function isQuestion(value: unknown): value is ConsentQuestion {
  if (typeof value !== 'object' || value === null) return false;
  const { app, scope, argsHash } = value as Record<string, unknown>;
  return typeof app === 'string' && typeof scope === 'string' && typeof argsHash === 'string';
}
