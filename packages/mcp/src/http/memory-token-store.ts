import { digestsEqual, tokenDigest } from './token-digest.js';
import { isTokenName, type TokenIdentity, type TokenStore } from './token-store.js';

/**
 * A `TokenStore` held in memory (tests, an embedding host that hands out its
 * own tokens): it keeps each token's SHA-256 digest and checks a presented
 * token against every entry in constant time.
 */
export class MemoryTokenStore implements TokenStore {
  readonly #entries = new Map<string, Uint8Array>();

  /** Adds `token` under `name` (replacing a token of that name). Throws a `TypeError` for a name outside `tokenNamePattern`. */
  async add(name: string, token: string): Promise<void> {
    if (!isTokenName(name)) throw new TypeError(`MemoryTokenStore: ${JSON.stringify(name)} is not a token name (1 to 64 of A-Z a-z 0-9 . _ -, starting with a letter or digit)`);
    this.#entries.set(name, await tokenDigest(token));
  }

  /** Forgets the token named `name`; answers whether there was one. */
  revoke(name: string): boolean {
    return this.#entries.delete(name);
  }

  /** The identity of `token`, comparing its digest with every entry (no early exit). */
  async verify(token: string): Promise<TokenIdentity | null> {
    const digest = await tokenDigest(token);
    let found: string | null = null;
    for (const [name, stored] of this.#entries) {
      if (digestsEqual(digest, stored)) found = name;
    }
    return found === null ? null : { name: found };
  }
}
