import { digestsEqual } from './digests-equal.js';

/**
 * The name whose stored digest equals `digest`, or `null`: every entry is
 * compared (`digestsEqual`), whichever matches, so the time tells neither
 * whether nor where a match is. What every store's `verify` does once it has
 * read its digests.
 */
export function findTokenName(digest: Uint8Array, entries: Iterable<readonly [name: string, digest: Uint8Array]>): string | null {
  let found: string | null = null;
  for (const [name, stored] of entries) {
    if (digestsEqual(digest, stored)) found = name;
  }
  return found;
}
