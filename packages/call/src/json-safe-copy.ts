/**
 * A copy of `value` that is JSON data: every value JSON cannot carry (a
 * function, symbol, bigint, `undefined` array item, non-finite number,
 * non-plain object, cycle, nesting beyond 200 levels) becomes `null`,
 * `undefined` object members are left out (strings stay as they are:
 * `argsHash` hashes lone surrogates itself). The
 * call path hashes this copy for the audit row when a caller's arguments are
 * not JSON data (possible only from in-process UI callers), so even such a
 * call gets its row.
 */
export function jsonSafeCopy(value: unknown): unknown {
  return copy(value, 0, new Set());
}

function copy(value: unknown, depth: number, ancestors: Set<object>): unknown {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object' || depth >= 200 || ancestors.has(value)) return null;
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return Array.from(value, (item) => copy(item, depth + 1, ancestors));
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return null;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) Object.defineProperty(out, key, { value: copy(item, depth + 1, ancestors), enumerable: true, writable: true, configurable: true });
    }
    return out;
  } finally {
    ancestors.delete(value);
  }
}
