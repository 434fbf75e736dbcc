import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { MemoryConsentNonceStore, type ConsentNonceStore } from '@xcap/broker';
import { encodeBase64url } from '@xcap/tokens';

/** What a consent question is about: the payload of its signed `requestState`. */
export interface ConsentQuestion {
  /** The app id asking. */
  readonly app: string;
  /** The scope asked for, e.g. `photos.read`. */
  readonly scope: string;
  /** The asking call's `argsHash` (`@xcap/audit`): the answer is bound to these arguments. */
  readonly argsHash: string;
  /** The client that was asked (its audit `clientId`: the run id over stdio, `token:<name>` or `oauth:<client>@<issuer>` over HTTP): only it may answer. */
  readonly client: string;
}

/** A question as a verified state names it: the question, the state's single-use nonce and when it expires. */
export interface SignedConsentQuestion extends ConsentQuestion {
  /** The state's nonce (22 base64url characters from a CSPRNG), claimed once when the answer is taken (`ConsentState.claim`). */
  readonly nonce: string;
  /** When the state expires, in milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** Options of `createConsentState`. */
export interface ConsentStateOptions {
  /** The HMAC-SHA256 key, at least 32 bytes (default: 32 random bytes drawn now, so a state is valid only for this server start). */
  readonly key?: Uint8Array;
  /** How long a question stays answerable, in seconds (default 600). */
  readonly ttlSeconds?: number;
  /**
   * Where the nonces of answered states are kept until they expire (default
   * a `MemoryConsentNonceStore` made now, right for the default key). Every
   * server that verifies with the same key must use the same store (the
   * host's: `xcap serve --store` the database's), or a state answered on one
   * could be answered again on another.
   */
  readonly nonces?: ConsentNonceStore;
}

/** Signs, checks and spends the `requestState` of a consent question (`createConsentState`). */
export interface ConsentState {
  /** The signed state naming `question`, with a fresh nonce and its expiry, to send with the `input_required` result. */
  mint(question: ConsentQuestion): Promise<string>;
  /** The question a state names, or `null` when the state is not a string, was not signed with this key, was tampered with, has expired or names no valid question. */
  verify(state: unknown, ctx: ServerContext): Promise<SignedConsentQuestion | null>;
  /** Spends the state of `question` (its nonce, kept until it expires): `true` the first time only — an answer is taken once. */
  claim(question: SignedConsentQuestion): Promise<boolean>;
}

/** The default time a consent question stays answerable: ten minutes. */
export const defaultConsentStateTtlSeconds = 600;

/**
 * The signed, single-use `requestState` of the modern era's consent
 * question: the SDK's HMAC-SHA256 `createRequestStateCodec` over
 * `{app, scope, argsHash, client, nonce, expiresAt}` with an expiry; the
 * nonce of a state whose answer was taken is kept in `options.nonces` until
 * it expires, so a replay (after `xcap revoke`, say) is refused. The state
 * is signed, not encrypted: the client can read what it names. One codec
 * must serve every round of a question: share it between the server
 * instances of one endpoint (HTTP makes one per request); the default key
 * and nonce store are made per call of this function.
 */
export function createConsentState(options: ConsentStateOptions = {}): ConsentState {
  const key = options.key ?? globalThis.crypto.getRandomValues(new Uint8Array(32));
  const ttlSeconds = options.ttlSeconds ?? defaultConsentStateTtlSeconds;
  const nonces = options.nonces ?? new MemoryConsentNonceStore();
  const codec = createRequestStateCodec<SignedConsentQuestion>({ key, ttlSeconds });
  return {
    mint: (question) =>
      codec.mint({
        app: question.app,
        scope: question.scope,
        argsHash: question.argsHash,
        client: question.client,
        nonce: encodeBase64url(globalThis.crypto.getRandomValues(new Uint8Array(16))),
        // The codec's own expiry, in milliseconds: it counts whole seconds from now.
        expiresAt: (Math.floor(Date.now() / 1000) + ttlSeconds) * 1000,
      }),
    verify: async (state, ctx) => {
      if (typeof state !== 'string') return null;
      try {
        const payload: unknown = await codec.verify(state, ctx);
        return isSignedQuestion(payload) ? payload : null;
      } catch {
        return null;
      }
    },
    claim: (question) => nonces.claim(question.nonce, question.expiresAt),
  };
}

function isSignedQuestion(value: unknown): value is SignedConsentQuestion {
  if (typeof value !== 'object' || value === null) return false;
  const { app, scope, argsHash, client, nonce, expiresAt } = value as Record<string, unknown>;
  return (
    typeof app === 'string' &&
    typeof scope === 'string' &&
    typeof argsHash === 'string' &&
    typeof client === 'string' &&
    typeof nonce === 'string' &&
    typeof expiresAt === 'number'
  );
}
