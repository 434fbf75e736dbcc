/** A deterministic id source for tests: 32 lowercase hex digits counting up from `start` (`000…001`, `000…002`, …). */
export function counterHex(start = 1): () => string {
  let next = start;
  return () => (next++).toString(16).padStart(32, '0');
}
