/**
 * Small typed readers over an unknown JSON document. Each one checks one
 * value and fails (a `LoadFailure` naming its pointer and the rule, which
 * the nearest `Problems.check` records).
 */
import { pointerAppend } from '../json-pointer.js';
import { closestKey } from './closest-key.js';
import { LoadFailure, type Problems } from './problems.js';

/** A plain JSON object (not an array, not null). */
export type Obj = { readonly [key: string]: unknown };

/** Fails the current check with the problem at `pointer`. */
export function fail(pointer: string, rule: string): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a signal that the nearest Problems.check catches, not an Error: no stack to capture per problem
  throw new LoadFailure(pointer, rule);
}

/** True for a plain JSON object. */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value as an object (else it fails). Records a problem for each key of
 * `required` it lacks and each key outside `required` and `optional` it has;
 * an unknown key near a missing known one is reported as that misspelling
 * (`is not a known key (did you mean \`description\`?)`), not as the known key missing.
 */
export function readObject(problems: Problems, value: unknown, pointer: string, required: readonly string[], optional: readonly string[] = []): Obj {
  if (!isObj(value)) fail(pointer, 'must be an object');
  const missing = required.filter((key) => !Object.hasOwn(value, key));
  const absent = [...missing, ...optional.filter((key) => !Object.hasOwn(value, key))];
  const unknown = Object.keys(value).filter((key) => !required.includes(key) && !optional.includes(key));
  const meant = new Set<string>();
  const unknownRules = unknown.map((key) => {
    const near = closestKey(key, absent);
    if (near === undefined) return 'is not a known key';
    meant.add(near);
    return `is not a known key (did you mean \`${near}\`?)`;
  });
  for (const key of missing) {
    if (meant.has(key)) problems.cover(pointerAppend(pointer, key));
    else problems.add(pointerAppend(pointer, key), 'is required');
  }
  unknown.forEach((key, i) => problems.add(pointerAppend(pointer, key), unknownRules[i]!));
  return value;
}

/** The value as an object of any keys (a map such as `v1.blobs`). */
export function readRecord(value: unknown, pointer: string): Obj {
  if (!isObj(value)) fail(pointer, 'must be an object');
  return value;
}

/** The value as an array. */
export function readArray(value: unknown, pointer: string, nonEmpty = false): readonly unknown[] {
  if (!Array.isArray(value)) fail(pointer, 'must be an array');
  if (nonEmpty && value.length === 0) fail(pointer, 'must not be empty');
  return value;
}

/** The value as a string, optionally matching `pattern` (named in the error as `patternName`). */
export function readString(value: unknown, pointer: string, pattern?: RegExp, patternName?: string): string {
  if (typeof value !== 'string') fail(pointer, 'must be a string');
  if (pattern && !pattern.test(value)) fail(pointer, `does not match ${patternName ?? String(pattern)}`);
  return value;
}

/** The value as a non-empty string. */
export function readText(value: unknown, pointer: string): string {
  const s = readString(value, pointer);
  if (s.length === 0) fail(pointer, 'must not be empty');
  return s;
}

/** The value as a boolean. */
export function readBoolean(value: unknown, pointer: string): boolean {
  if (typeof value !== 'boolean') fail(pointer, 'must be a boolean');
  return value;
}

/** The value as a finite number, an integer when `integer` is set. */
export function readNumber(value: unknown, pointer: string, integer = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(pointer, 'must be a number');
  if (integer && !Number.isInteger(value)) fail(pointer, 'must be an integer');
  return value;
}

/** Fails when `value` was already seen in `seen` (under the rule `duplicate <what>`), else records it. */
export function readUnique(seen: Set<string>, value: string, pointer: string, what: string): void {
  if (seen.has(value)) fail(pointer, `duplicate ${what} "${value}"`);
  seen.add(value);
}

export { pointerAppend };
