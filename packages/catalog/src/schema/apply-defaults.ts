import type { JsonObject, JsonValue, Schema } from '../catalog-types.js';

/** Per schema: its top-level `[property, default]` pairs in schema order. */
const defaultsOf = new WeakMap<Schema, readonly (readonly [string, JsonValue])[]>();

function topLevelDefaults(schema: Schema): readonly (readonly [string, JsonValue])[] {
  let pairs = defaultsOf.get(schema);
  if (pairs === undefined) {
    const properties = schema.properties ?? {};
    pairs = Object.keys(properties).flatMap((k) => {
      const d = properties[k]?.default;
      return d === undefined ? [] : [[k, d] as const];
    });
    defaultsOf.set(schema, pairs);
  }
  return pairs;
}

function cloneJson(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const out: JsonObject = {};
  for (const k of Object.keys(value)) setOwn(out, k, cloneJson(value[k] as JsonValue));
  return out;
}

/** Sets an own data property, even for the key `__proto__` (which plain assignment would treat as the prototype). */
function setOwn(o: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

/**
 * Answers a shallow copy of `value` in which every top-level property of
 * `schema` that has a `default` and is missing gets a copy of that default
 * (the spec's "a missing top-level property with a default gets it"). The
 * input is never mutated; nested objects are not defaulted.
 */
export function applyDefaults(schema: Schema, value: JsonObject): JsonObject {
  // Object.assign is the fast copy; only an own "__proto__" key needs the spread (assign would set the prototype).
  const out: JsonObject = Object.hasOwn(value, '__proto__') ? { ...value } : Object.assign({}, value);
  for (const [k, d] of topLevelDefaults(schema)) {
    if (!Object.hasOwn(out, k)) setOwn(out, k, cloneJson(d));
  }
  return out;
}
