import { findTokenName } from './find-token-name.js';
import { tokenDigest } from './token-digest.js';
import type { TokenIdentity } from './token-store.js';

/**
 * What every store's `verify` answers once it has read its digests: the
 * identity whose stored digest matches `token`'s (`findTokenName`, every
 * entry compared in constant time), or `null` for an unknown or revoked
 * token and for anything that is not a string.
 */
export async function identifyToken(token: unknown, entries: Iterable<readonly [name: string, digest: Uint8Array]>): Promise<TokenIdentity | null> {
  if (typeof token !== 'string') return null;
  const name = findTokenName(await tokenDigest(token), entries);
  return name === null ? null : { name };
}
