import { jsonEqual } from '@xcap/catalog';

/**
 * Exact JSON equality for the replayer: same types (`1` is not `"1"`, a
 * missing key is not a key holding `undefined`), arrays item by item, objects
 * with the same keys — in the same order too when `ordered` (where the spec
 * locks bytes, key order is part of the answer). Unordered, it is
 * `@xcap/catalog`'s `jsonEqual`.
 */
export function sameJson(a: unknown, b: unknown, ordered: boolean): boolean {
  return ordered ? orderedEqual(a, b) : jsonEqual(a, b);
}

function orderedEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((item, i) => orderedEqual(item, bs[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  const kb = Object.keys(rb);
  return ka.length === kb.length && ka.every((key, i) => key === kb[i] && orderedEqual(ra[key], rb[key]));
}
