import { types } from 'node:util';
import type { JsonValue } from '@xcap/catalog';

/**
 * A call's arguments read once: `ok` with a JSON copy, or not `ok` with a
 * best-effort copy for the audit hash (every value that could not be read
 * or is not JSON data replaced by `null`).
 */
export type ArgumentsSnapshot = { readonly ok: true; readonly value: JsonValue | undefined } | { readonly ok: false; readonly value: JsonValue };

/** One open container of the walk and its copy. */
interface Frame {
  readonly source: object;
  readonly copy: JsonValue[] | { [key: string]: JsonValue };
  /** An object's own enumerable string keys; `null` for an array. */
  readonly keys: string[] | null;
  readonly length: number;
  next: number;
}

/**
 * Reads a call's arguments exactly once, at entry, into a JSON snapshot that
 * everything after uses (the hash, the broker's `url`, validation, mapping,
 * the native), so a value that changes between reads cannot pass one step
 * and reach another. Only own enumerable data properties are read, without
 * running any code of the caller: a getter (accessor property), a Proxy
 * (none of its traps run), a function, symbol, bigint, non-finite number,
 * an object that is not a plain object (prototype `Object.prototype` or
 * `null`) or an array (prototype `Array.prototype`), `undefined` or a hole
 * in an array, a cycle, or the same object met twice (JSON text never shares
 * a value) make the snapshot not `ok`. Object members that are `undefined`
 * are left out, as JSON leaves them out; strings stay as they are (a lone
 * surrogate is hashed escaped). Iterative: any depth is fine. A sparse array
 * stops at its first hole, so `new Array(2 ** 32 - 1)` costs nothing.
 * `undefined` (absent arguments) is `ok` with `undefined`.
 */
export function snapshotArguments(value: unknown): ArgumentsSnapshot {
  if (value === undefined) return { ok: true, value: undefined };
  const seen = new Set<object>();
  const stack: Frame[] = [];
  let ok = true;

  /** The copy of a leaf, or a new frame's copy for a container; `null` (and not ok) for anything that is not JSON data. */
  const take = (item: unknown): JsonValue => {
    switch (typeof item) {
      case 'string':
      case 'boolean':
        return item;
      case 'number':
        if (Number.isFinite(item)) return item;
        break;
      case 'object': {
        if (item === null) return null;
        if (types.isProxy(item) || seen.has(item)) break;
        seen.add(item);
        const proto: unknown = Object.getPrototypeOf(item);
        if (Array.isArray(item)) {
          if (proto !== Array.prototype) break;
          const copy: JsonValue[] = [];
          stack.push({ source: item, copy, keys: null, length: item.length, next: 0 });
          return copy;
        }
        if (proto !== Object.prototype && proto !== null) break;
        const copy: { [key: string]: JsonValue } = {};
        stack.push({ source: item, copy, keys: Object.keys(item), length: 0, next: 0 });
        return copy;
      }
      default:
        break;
    }
    ok = false;
    return null;
  };

  const root = take(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.keys === null) {
      const copy = frame.copy as JsonValue[];
      if (frame.next >= frame.length) {
        stack.pop();
        continue;
      }
      const descriptor = Object.getOwnPropertyDescriptor(frame.source, frame.next++);
      if (descriptor === undefined || !('value' in descriptor) || descriptor.value === undefined) {
        // A hole, an accessor or undefined: not JSON, and the rest of the array is not read.
        ok = false;
        copy.length = 0;
        frame.next = frame.length;
        continue;
      }
      copy.push(take(descriptor.value));
    } else {
      const copy = frame.copy as { [key: string]: JsonValue };
      if (frame.next >= frame.keys.length) {
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.next++] as string;
      const descriptor = Object.getOwnPropertyDescriptor(frame.source, key);
      if (descriptor === undefined) continue;
      if (!('value' in descriptor)) {
        ok = false;
        define(copy, key, null);
        continue;
      }
      if (descriptor.value === undefined) continue;
      define(copy, key, take(descriptor.value));
    }
  }
  return ok ? { ok: true, value: root } : { ok: false, value: root };
}

/** Sets an own member, `__proto__` included, as `JSON.parse` would. */
function define(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
