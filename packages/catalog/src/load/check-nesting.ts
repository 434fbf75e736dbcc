/**
 * The catalog's nesting and size limits. Every later check, the deep copy
 * and the generator walk the document recursively, path by path; a value
 * nested deeper than the nesting limit, a value that contains itself, or a
 * section whose paths (an in-process document may share one object under
 * many parents) outnumber the size limit is refused first, with its
 * pointer, instead of overflowing the stack or taking exponential time.
 */
import { pointerAppend } from '../json-pointer.js';
import type { Problems } from './problems.js';

/** How many levels of objects and arrays a catalog section may nest (the fixture's deepest uses 9). */
export const catalogNestingLimit = 64;

/** How many values (counted per path, as a JSON text would hold them) a catalog section may hold. */
export const catalogSizeLimit = 1_000_000;

interface Extent {
  /** Levels of objects and arrays, this one included. */
  readonly height: number;
  /** Values per path, this one included. */
  readonly size: number;
}

/**
 * Records a problem for the first value of `value` (at `pointer`) that
 * breaks a limit or contains itself; answers whether it found one.
 * Recursion is bounded by the nesting limit; a value shared by several
 * parents is walked once (again only where it would now reach too deep).
 */
export function checkNesting(problems: Problems, value: unknown, pointer: string): boolean {
  const extents = new Map<object, Extent>();
  const path = new Set<object>();
  const tokens: (string | number)[] = [];
  const refuse = (rule: string): null => {
    problems.add(
      tokens.reduce<string>((p, t) => pointerAppend(p, t), pointer),
      rule,
    );
    return null;
  };
  const walk = (v: unknown, depth: number): Extent | null => {
    if (typeof v !== 'object' || v === null) return { height: 0, size: 1 };
    if (path.has(v)) return refuse('contains itself (a catalog is JSON data, it has no cycles)');
    if (depth > catalogNestingLimit) return refuse(`nests deeper than ${catalogNestingLimit} levels (the catalog nesting limit)`);
    const known = extents.get(v);
    if (known !== undefined && depth + known.height - 1 <= catalogNestingLimit) return known;
    path.add(v);
    let height = 0;
    let size = 1;
    const keys = Array.isArray(v) ? v.keys() : Object.keys(v).values();
    for (const k of keys) {
      tokens.push(k);
      const child = walk((v as Record<string | number, unknown>)[k], depth + 1);
      tokens.pop();
      if (child === null) return null;
      height = Math.max(height, child.height);
      size += child.size;
      if (size > catalogSizeLimit) return refuse(`holds more than ${catalogSizeLimit} values (the catalog size limit)`);
    }
    path.delete(v);
    const extent = { height: height + 1, size };
    extents.set(v, extent);
    return extent;
  };
  return walk(value, 1) === null;
}
