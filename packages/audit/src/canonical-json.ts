/**
 * RFC 8785 (JSON Canonicalization Scheme) serialisation: what `argsHash`
 * hashes, so the same arguments hash alike whatever their key order or
 * number spelling.
 */
import { pointerToken } from '@xcap/catalog';

/**
 * Raised inside the fast path; the top level re-walks the value to say where and why.
 * One Error made once, so a throw captures no stack; it never leaves `canonicalJson`.
 */
const notJson = new Error('canonicalJson: not JSON data');

/**
 * From this depth on, open containers are also kept in a set and each new
 * one is checked against it: a cycle would otherwise walk for ever, so it is
 * caught within one turn of the cycle past this depth, and shallow values
 * pay nothing.
 */
const cycleCheckDepth = 64;

/**
 * The RFC 8785 canonical JSON of `value`: object keys sorted by UTF-16 code
 * units, numbers as ECMAScript prints them (`-0` → `0`, `1e+21`, `5e-324`),
 * strings escaped as `JSON.stringify` does (which is RFC 8785's rule), array
 * order kept, no whitespace. Object members whose value is `undefined` are
 * skipped, as in JSON. The walk is iterative, so any depth serialises (a
 * value 100,000 levels deep included). Everything that is not JSON data is a
 * TypeError naming the JSON pointer of the offending value: functions,
 * symbols, bigints, `undefined` outside an object member (an array's hole
 * fails at the first hole, without visiting the rest), non-finite numbers,
 * strings with a lone surrogate (RFC 8785 §3.2.2.2 requires an error),
 * objects that are not plain objects (prototype `Object.prototype` or
 * `null`) or arrays (Date, Map, class instances, boxed primitives), cycles,
 * output too long for a string.
 */
export function canonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  escapeLoneSurrogates = options.loneSurrogates === 'escape';
  try {
    return serialize(value);
  } catch (error) {
    if (error === notJson) throw new TypeError(`canonicalJson: ${safeExplain(value)}`);
    if (error instanceof RangeError) throw new TypeError(`canonicalJson: the value is too large (${error.message})`);
    throw error;
  } finally {
    escapeLoneSurrogates = false;
  }
}

/** Options of `canonicalJson`. */
export interface CanonicalJsonOptions {
  /**
   * `error` (default, RFC 8785 §3.2.2.2): a lone surrogate is a TypeError.
   * `escape`: it is written as `\udxxx`, as `JSON.stringify` writes it — for
   * an audit hash, which must hash whatever arrived.
   */
  readonly loneSurrogates?: 'error' | 'escape';
}

/** Set for the duration of one `canonicalJson` call (it is synchronous and not re-entrant). */
let escapeLoneSurrogates = false;

/** One open array or object of the walk: the container, its sorted keys (objects) and the next position. */
interface Frame {
  readonly container: object;
  /** The sorted member names of an object; `null` for an array. */
  readonly keys: string[] | null;
  /** An array's length or the number of keys. */
  readonly length: number;
  next: number;
  /** Whether something was written into it yet (a comma goes before the next member). */
  written: boolean;
}

function serialize(root: unknown): string {
  const stack: Frame[] = [];
  let open: Set<object> | null = null;
  let out = '';
  let value = root;
  for (;;) {
    // Write `value`, or open it as the new innermost container.
    switch (typeof value) {
      case 'string':
        out += quote(value);
        break;
      case 'number':
        if (!Number.isFinite(value)) throw notJson;
        out += '' + value;
        break;
      case 'boolean':
        out += value ? 'true' : 'false';
        break;
      case 'object': {
        if (value === null) {
          out += 'null';
          break;
        }
        let frame: Frame;
        if (Array.isArray(value)) {
          if (value.length === 0) {
            out += '[]';
            break;
          }
          frame = { container: value, keys: null, length: value.length, next: 0, written: false };
          out += '[';
        } else {
          if (!isPlainObject(value)) throw notJson;
          const keys = sortKeys(Object.keys(value));
          frame = { container: value, keys, length: keys.length, next: 0, written: false };
          out += '{';
        }
        if (stack.length >= cycleCheckDepth) {
          open ??= new Set(stack.map((f) => f.container));
          if (open.has(value)) throw notJson;
          open.add(value);
        }
        stack.push(frame);
        break;
      }
      default:
        throw notJson;
    }
    // Find the next value to write, closing every container that is done.
    let found = false;
    while (!found && stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      if (frame.keys === null) {
        if (frame.next < frame.length) {
          const item = (frame.container as readonly unknown[])[frame.next++];
          if (item === undefined) throw notJson;
          if (frame.written) out += ',';
          frame.written = true;
          value = item;
          found = true;
          continue;
        }
        out += ']';
      } else {
        while (frame.next < frame.length) {
          const key = frame.keys[frame.next++] as string;
          const member = (frame.container as Record<string, unknown>)[key];
          if (member === undefined) continue;
          out += (frame.written ? ',' : '') + memberName(key);
          frame.written = true;
          value = member;
          found = true;
          break;
        }
        if (found) continue;
        out += '}';
      }
      stack.pop();
      open?.delete(frame.container);
    }
    if (!found) return out;
  }
}

/** Sorts member names by UTF-16 code units (JS `<` on strings): insertion sort for the usual handful, else the built-in sort. */
function sortKeys(keys: string[]): string[] {
  const length = keys.length;
  if (length > 16) return keys.sort(byCodeUnits);
  for (let i = 1; i < length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Quoted member names with their colon, cached: argument objects repeat the same few keys. */
const memberNames = new Map<string, string>();

function memberName(key: string): string {
  let name = memberNames.get(key);
  if (name === undefined) {
    name = `${quote(key)}:`;
    if (escapeLoneSurrogates) return name; // never cache a lenient spelling for a later strict call
    if (memberNames.size >= 4096) memberNames.clear();
    memberNames.set(key, name);
  }
  return name;
}

/** Strings shorter than this are scanned in JS for the common no-escape case. */
const scanLimit = 128;

function quote(text: string): string {
  if (text.length < scanLimit && needsNoEscape(text)) return `"${text}"`;
  if (!escapeLoneSurrogates && !isWellFormedString(text)) throw notJson;
  return JSON.stringify(text);
}

/** True when `text` has no control character, `"`, `\` or surrogate: its JSON form is the text in quotes. */
function needsNoEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

/** An object JSON could have made: its prototype is `Object.prototype` or `null`, nothing else. */
function isPlainObject(object: object): boolean {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null;
}

function safeExplain(value: unknown): string {
  try {
    return explain(value);
  } catch {
    return 'the value is not JSON data';
  }
}

/** One open container of `explain`'s walk: its entries are read one at a time, so a sparse array stops at its first hole. */
interface ExplainFrame {
  readonly container: object;
  /** The sorted member names of an object; `null` for an array. */
  readonly keys: string[] | null;
  readonly length: number;
  next: number;
  /** The container's JSON pointer. */
  readonly pointer: string;
}

/** The slow walk after a failure (iterative, any depth): the first offending value's pointer and what is wrong with it. */
function explain(root: unknown): string {
  const open = new Set<object>();
  const stack: ExplainFrame[] = [];
  let value = root;
  let pointer = '';
  let member = false;
  for (;;) {
    const at = pointer === '' ? '/' : pointer;
    switch (typeof value) {
      case 'string':
        if (!isWellFormedString(value)) return `a string with a lone surrogate at ${at}`;
        break;
      case 'number':
        if (!Number.isFinite(value)) return `a non-finite number (${String(value)}) at ${at}`;
        break;
      case 'boolean':
        break;
      case 'undefined':
        if (!member) return `undefined at ${at} is not a JSON value`;
        break;
      case 'object': {
        if (value === null) break;
        if (open.has(value)) return `a cycle at ${at}`;
        const array = Array.isArray(value);
        if (!array && !isPlainObject(value)) return `${describeObject(value)} at ${at} is not a plain object or array`;
        const keys = array ? null : Object.keys(value).sort(byCodeUnits);
        open.add(value);
        stack.push({ container: value, keys, length: keys === null ? (value as readonly unknown[]).length : keys.length, next: 0, pointer });
        break;
      }
      default:
        return `a ${typeof value} at ${at} is not a JSON value`;
    }
    let found = false;
    while (!found && stack.length > 0) {
      const frame = stack[stack.length - 1] as ExplainFrame;
      if (frame.next < frame.length) {
        const index = frame.next++;
        if (frame.keys === null) {
          value = (frame.container as readonly unknown[])[index];
          pointer = `${frame.pointer}/${index}`;
          member = false;
        } else {
          const key = frame.keys[index] as string;
          if (!isWellFormedString(key)) return `a key with a lone surrogate at ${frame.pointer === '' ? '/' : frame.pointer}`;
          value = (frame.container as Record<string, unknown>)[key];
          pointer = `${frame.pointer}/${pointerToken(key)}`;
          member = true;
        }
        found = true;
      } else {
        stack.pop();
        open.delete(frame.container);
      }
    }
    if (!found) return 'the value is not JSON data';
  }
}

function isWellFormedString(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

function describeObject(value: object): string {
  const name: unknown = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object';
}
