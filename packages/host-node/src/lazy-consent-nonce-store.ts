import type { ConsentNonceStore } from '@xcap/broker';
import { SqliteConsentNonceStore } from '@xcap/store-local';

/** A consent nonce store that opens its SQLite file at the first claim (`lazyConsentNonceStore`). */
export interface LazyConsentNonceStore extends ConsentNonceStore {
  /** Closes the file if a claim opened it. */
  close(): void;
}

/**
 * The data directory's consent nonce store (`SqliteConsentNonceStore` on
 * `file`), opened at the first claim: a host whose consent is never asked
 * through the agent's client (background, `--consent dismiss` or `prompt`)
 * creates no `consent-nonces.sqlite`.
 */
export function lazyConsentNonceStore(file: string): LazyConsentNonceStore {
  let store: SqliteConsentNonceStore | undefined;
  return {
    claim: async (nonce, expiresAt) => (store ??= new SqliteConsentNonceStore(file)).claim(nonce, expiresAt),
    close: () => store?.close(),
  };
}
