import { checkTokenName } from './check-token-name.js';
import { identifyToken } from './identify-token.js';
import { mintToken } from './mint-token.js';
import { newTokenRecord } from './new-token-record.js';
import { TokenNameTakenError } from './token-name-taken-error.js';
import type { ManagedTokenStore, TokenIdentity, TokenListing } from './token-store.js';

/** Options of `MemoryTokenStore`. */
export interface MemoryTokenStoreOptions {
  /** The clock of `created` (default the system's). */
  readonly clock?: () => Date;
}

interface Entry {
  readonly digest: Uint8Array;
  readonly created: string;
}

/**
 * A `ManagedTokenStore` held in memory (tests, an embedding host that hands
 * out its own tokens): it keeps each token's SHA-256 digest and checks a
 * presented token against every entry in constant time (`findTokenName`).
 */
export class MemoryTokenStore implements ManagedTokenStore {
  readonly #entries = new Map<string, Entry>();
  /** Names whose `add` awaits its digest. */
  readonly #adding = new Set<string>();
  readonly #clock: () => Date;

  constructor(options: MemoryTokenStoreOptions = {}) {
    this.#clock = options.clock ?? (() => new Date());
  }

  /**
   * Adds a token under `name` and answers it: `token` when given (a host that
   * makes its own tokens; a non-empty string), else a new one (`mintToken`).
   * A name outside `tokenNamePattern` is a `TypeError`; a name that has a
   * token is a `TokenNameTakenError`.
   */
  async add(name: string, token: string = mintToken()): Promise<string> {
    checkTokenName(name);
    if (typeof token !== 'string' || token === '') throw new TypeError('MemoryTokenStore.add: token must be a non-empty string');
    // Reserved before the digest's await, so of two concurrent adds of one name the second call is refused.
    if (this.#entries.has(name) || this.#adding.has(name)) throw new TokenNameTakenError('this MemoryTokenStore', name);
    this.#adding.add(name);
    try {
      const { digest } = await newTokenRecord(name, token);
      this.#entries.set(name, { digest, created: this.#clock().toISOString() });
    } finally {
      this.#adding.delete(name);
    }
    return token;
  }

  /** The stored tokens' names and times, sorted by name. */
  async list(): Promise<TokenListing[]> {
    return [...this.#entries].map(([name, entry]) => ({ name, created: entry.created })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Forgets the token named `name`; answers whether there was one. */
  async revoke(name: string): Promise<boolean> {
    return this.#entries.delete(name);
  }

  /** The identity of `token`, comparing its digest with every entry (no early exit). */
  async verify(token: string): Promise<TokenIdentity | null> {
    return identifyToken(
      token,
      [...this.#entries].map(([entryName, entry]) => [entryName, entry.digest] as const),
    );
  }
}
