import type { JsonValue } from '@xcap/catalog';
import { pointerToken } from '@xcap/catalog';

/** The result of `copyJson`: a plain JSON copy, or the pointer of the first value that is not JSON. */
export type JsonCopy = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly pointer: string };

/** How deep `copyJson` follows nested objects and arrays before it gives up. */
export const maxJsonDepth = 256;

/**
 * Copies an untrusted value (a native's answer) into plain JSON, never
 * throwing: getters run once each inside a try, and the copy is what the
 * bridge checks and stores, so a value that changes between reads cannot
 * slip past the check. A property whose value is `undefined` is left out
 * (as JSON leaves it out); anything else that is not JSON — a function, a
 * symbol, a bigint, a non-finite number, `undefined` in an array, an
 * object that is not a plain object or array, a cycle, a getter or proxy
 * that throws, nesting deeper than `maxJsonDepth` — answers the JSON
 * pointer where it sits.
 */
export function copyJson(value: unknown): JsonCopy {
  const failure: Failure = { pointer: null };
  const copy = copyValue(value, '', new Set(), 0, failure);
  return failure.pointer === null ? { ok: true, value: copy as JsonValue } : { ok: false, pointer: failure.pointer || '/' };
}

/** Where the copy first failed; `read` and `fail` set it, the loops stop once it is set. */
type Failure = { pointer: string | null };

/** Whether a read or check inside the last call set the failure (a call, so TypeScript does not keep an earlier narrowing). */
const failed = (failure: Failure): boolean => failure.pointer !== null;

function copyValue(value: unknown, pointer: string, open: Set<object>, depth: number, failure: Failure): JsonValue | undefined {
  try {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : fail(failure, pointer);
    if (typeof value !== 'object') return fail(failure, pointer);
    if (open.has(value) || depth >= maxJsonDepth) return fail(failure, pointer);
    open.add(value);
    try {
      if (Array.isArray(value)) return copyArray(value, pointer, open, depth, failure);
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return fail(failure, pointer);
      return copyObject(value as Record<string, unknown>, pointer, open, depth, failure);
    } finally {
      open.delete(value);
    }
  } catch {
    return fail(failure, pointer);
  }
}

function copyArray(value: readonly unknown[], pointer: string, open: Set<object>, depth: number, failure: Failure): JsonValue | undefined {
  const length = value.length;
  const copy: JsonValue[] = [];
  for (let i = 0; i < length; i++) {
    const itemPointer = `${pointer}/${i}`;
    const item = read(() => value[i], failure, itemPointer);
    if (failed(failure)) return undefined;
    if (item === undefined) return fail(failure, itemPointer);
    const itemCopy = copyValue(item, itemPointer, open, depth + 1, failure);
    if (failed(failure)) return undefined;
    copy.push(itemCopy as JsonValue);
  }
  return copy;
}

function copyObject(value: Record<string, unknown>, pointer: string, open: Set<object>, depth: number, failure: Failure): JsonValue | undefined {
  const copy: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value)) {
    const keyPointer = `${pointer}/${pointerToken(key)}`;
    const item = read(() => value[key], failure, keyPointer);
    if (failed(failure)) return undefined;
    if (item === undefined) continue;
    const itemCopy = copyValue(item, keyPointer, open, depth + 1, failure);
    if (failed(failure)) return undefined;
    Object.defineProperty(copy, key, { value: itemCopy, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function read(get: () => unknown, failure: Failure, pointer: string): unknown {
  try {
    return get();
  } catch {
    failure.pointer = pointer;
    return undefined;
  }
}

function fail(failure: Failure, pointer: string): undefined {
  if (failure.pointer === null) failure.pointer = pointer;
  return undefined;
}
