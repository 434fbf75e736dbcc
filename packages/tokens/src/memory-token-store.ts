import { checkTokenName } from './check-token-name.js';
import { findTokenName } from './find-token-name.js';
import { mintToken } from './mint-token.js';
import { tokenDigest } from './token-digest.js';
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
    const entry = { digest: await tokenDigest(token), created: this.#clock().toISOString() };
    // Checked after the digest's await, so of two concurrent adds of one name the second is refused.
    if (this.#entries.has(name)) throw new TokenNameTakenError('this MemoryTokenStore', name);
    this.#entries.set(name, entry);
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
    if (typeof token !== 'string') return null;
    const name = findTokenName(
      await tokenDigest(token),
      [...this.#entries].map(([entryName, entry]) => [entryName, entry.digest] as const),
    );
    return name === null ? null : { name };
  }
}
