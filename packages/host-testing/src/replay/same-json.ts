/**
 * Exact JSON equality for the replayer: same types (`1` is not `"1"`, a
 * missing key is not a key holding `undefined`), arrays item by item, objects
 * with the same keys — in the same order too when `ordered` (where the spec
 * locks bytes, key order is part of the answer).
 */
export function sameJson(a: unknown, b: unknown, ordered: boolean): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || typeof a !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((item, i) => sameJson(item, bs[i], ordered));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  const kb = Object.keys(rb);
  if (ka.length !== kb.length) return false;
  if (ordered && ka.some((key, i) => key !== kb[i])) return false;
  return ka.every((key) => Object.hasOwn(rb, key) && sameJson(ra[key], rb[key], ordered));
}
