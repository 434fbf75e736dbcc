/**
 * Compares two digests in time that depends only on their length (public:
 * 32 bytes for SHA-256), never on where they first differ.
 */
export function digestsEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}
