/**
 * RFC 8785 (JSON Canonicalization Scheme) serialisation: what `argsHash`
 * hashes, so the same arguments hash alike whatever their key order or
 * number spelling.
 */
import { pointerToken } from '@xcap/catalog';

/** Raised inside the fast path; the top level re-walks the value to say where and why. */
const notJson: unique symbol = Symbol('notJson');

/**
 * From this depth on, containers are kept on an ancestor stack and each is
 * checked against it: a cycle recurses forever, so it is caught within one
 * turn of the cycle past this depth, and shallow values pay nothing.
 */
const cycleCheckDepth = 64;

/**
 * The RFC 8785 canonical JSON of `value`: object keys sorted by UTF-16 code
 * units, numbers as ECMAScript prints them (`-0` → `0`, `1e+21`, `5e-324`),
 * strings escaped as `JSON.stringify` does (which is RFC 8785's rule), array
 * order kept, no whitespace. Object members whose value is `undefined` are
 * skipped, as in JSON. Everything that is not JSON data is a TypeError naming
 * the JSON pointer of the offending value: functions, symbols, bigints,
 * `undefined` outside an object member, non-finite numbers, strings with a
 * lone surrogate (RFC 8785 §3.2.2.2 requires an error), objects that are not
 * plain objects or arrays (Date, Map, class instances, boxed primitives),
 * cycles, nesting too deep for the stack, output too long for a string.
 */
export function canonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  escapeLoneSurrogates = options.loneSurrogates === 'escape';
  try {
    return serialize(value, 0, []);
  } catch (error) {
    if (error === notJson) throw new TypeError(`canonicalJson: ${safeExplain(value)}`);
    if (error instanceof RangeError) {
      throw new TypeError(/call stack/i.test(error.message) ? 'canonicalJson: the value is nested too deeply' : `canonicalJson: the value is too large (${error.message})`);
    }
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

function serialize(value: unknown, depth: number, ancestors: object[]): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      if (!Number.isFinite(value)) throw notJson;
      return '' + value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (depth >= cycleCheckDepth && ancestors.includes(value)) throw notJson;
      return Array.isArray(value) ? serializeArray(value, depth, ancestors) : serializeObject(value, depth, ancestors);
    default:
      throw notJson;
  }
}

function serializeArray(array: readonly unknown[], depth: number, ancestors: object[]): string {
  const length = array.length;
  if (length === 0) return '[]';
  const tracked = depth >= cycleCheckDepth;
  if (tracked) ancestors.push(array);
  let out = '[';
  for (let i = 0; i < length; i++) {
    const item = array[i];
    if (item === undefined) throw notJson;
    out += (i === 0 ? '' : ',') + serialize(item, depth + 1, ancestors);
  }
  if (tracked) ancestors.pop();
  return out + ']';
}

function serializeObject(object: object, depth: number, ancestors: object[]): string {
  if (!isPlainObject(object)) throw notJson;
  const keys = sortKeys(Object.keys(object));
  const tracked = depth >= cycleCheckDepth;
  if (tracked) ancestors.push(object);
  let out = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const member = (object as Record<string, unknown>)[key];
    if (member === undefined) continue;
    out += (first ? '' : ',') + memberName(key) + serialize(member, depth + 1, ancestors);
    first = false;
  }
  if (tracked) ancestors.pop();
  return out + '}';
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

function isPlainObject(object: object): boolean {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

function safeExplain(value: unknown): string {
  try {
    return explain(value);
  } catch {
    return 'the value is not JSON data';
  }
}

/** The slow walk after a failure: the first offending value's pointer and what is wrong with it. */
function explain(root: unknown): string {
  const seen: object[] = [];
  const walk = (value: unknown, pointer: string, member: boolean): string | null => {
    const at = pointer === '' ? '/' : pointer;
    switch (typeof value) {
      case 'string':
        return isWellFormedString(value) ? null : `a string with a lone surrogate at ${at}`;
      case 'number':
        return Number.isFinite(value) ? null : `a non-finite number (${String(value)}) at ${at}`;
      case 'boolean':
        return null;
      case 'undefined':
        return member ? null : `undefined at ${at} is not a JSON value`;
      case 'object': {
        if (value === null) return null;
        if (seen.includes(value)) return `a cycle at ${at}`;
        if (!Array.isArray(value) && !isPlainObject(value)) return `${describeObject(value)} at ${at} is not a plain object or array`;
        seen.push(value);
        const entries = Array.isArray(value) ? Array.from(value, (item, i) => [String(i), item] as const) : Object.entries(value).sort(([a], [b]) => byCodeUnits(a, b));
        for (const [key, item] of entries) {
          if (!isWellFormedString(key)) return `a key with a lone surrogate at ${at}`;
          const problem = walk(item, `${pointer}/${pointerToken(key)}`, !Array.isArray(value));
          if (problem !== null) return problem;
        }
        seen.pop();
        return null;
      }
      default:
        return `a ${typeof value} at ${at} is not a JSON value`;
    }
  };
  return walk(root, '', false) ?? 'the value is not JSON data';
}

function isWellFormedString(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

function describeObject(value: object): string {
  const name: unknown = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object';
}
