import { checkConsentClaim } from './check-consent-claim.js';
import type { ConsentNonceStore } from './consent-nonce-store.js';

/** Options of `MemoryConsentNonceStore`. */
export interface MemoryConsentNonceStoreOptions {
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * A `ConsentNonceStore` in memory: for one process that alone verifies its
 * consent states (the default of `createConsentState` in `@xcap/mcp`), and
 * for tests. Claims are atomic because a claim never awaits between its
 * check and its write; each claim first prunes the expired entries.
 */
export class MemoryConsentNonceStore implements ConsentNonceStore {
  readonly #claimed = new Map<string, number>();
  readonly #now: () => number;

  constructor(options: MemoryConsentNonceStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** How many claimed nonces are kept now (the expired ones are pruned at the next claim). */
  get size(): number {
    return this.#claimed.size;
  }

  /** `true` the first time `nonce` is claimed before `expiresAt`; see `ConsentNonceStore.claim`. */
  claim(nonce: string, expiresAt: number): Promise<boolean> {
    try {
      checkConsentClaim('MemoryConsentNonceStore', nonce, expiresAt);
    } catch (error) {
      return Promise.reject(error);
    }
    const now = this.#now();
    for (const [kept, until] of this.#claimed) if (until <= now) this.#claimed.delete(kept);
    if (expiresAt <= now || this.#claimed.has(nonce)) return Promise.resolve(false);
    this.#claimed.set(nonce, expiresAt);
    return Promise.resolve(true);
  }
}
