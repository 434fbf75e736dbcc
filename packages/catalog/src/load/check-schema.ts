/**
 * Checks that a tool schema uses only the validator subset, each keyword
 * well-formed, so a catalog can never demand a rule the validators do not
 * enforce. Every keyword is checked on its own: one run reports them all.
 */
import { checkValue, formatViolation, schemaFormats, schemaKeywords, schemaTypes } from '../schema/index.js';
import { closestKey } from './closest-key.js';
import type { Problems } from './problems.js';
import { fail, isObj, pointerAppend, readArray, readNumber, readString, type Obj } from './reader.js';

const types = new Set<string>(schemaTypes);
const formats = new Set<string>(schemaFormats);
const known = new Set<string>(schemaKeywords);

/** Checks `value` as a subset schema at `pointer`, recording every problem; fails when it is no object at all. */
export function checkSchema(problems: Problems, value: unknown, pointer: string): Obj {
  if (!isObj(value)) fail(pointer, 'must be a schema object');
  const before = problems.size;
  const at = (k: string) => pointerAppend(pointer, k);
  const absent = schemaKeywords.filter((k) => !Object.hasOwn(value, k));
  for (const key of Object.keys(value)) {
    if (known.has(key)) continue;
    const near = closestKey(key, absent);
    problems.add(at(key), `keyword "${key}" is not in the validator subset${near === undefined ? '' : ` (did you mean \`${near}\`?)`}`);
  }
  if (Object.hasOwn(value, 'type')) problems.check(() => checkType(problems, value.type, at('type')));
  if (Object.hasOwn(value, 'description')) problems.check(() => readString(value.description, at('description')));
  if (Object.hasOwn(value, 'properties')) {
    problems.check(() => {
      const props = value.properties;
      if (!isObj(props)) fail(at('properties'), 'must be an object');
      for (const [name, sub] of Object.entries(props)) problems.check(() => checkSchema(problems, sub, pointerAppend(at('properties'), name)));
    });
  }
  const propertyNames: ReadonlySet<string> = new Set(isObj(value.properties) ? Object.keys(value.properties) : []);
  if (Object.hasOwn(value, 'required')) problems.check(() => checkNameList(problems, value.required, at('required'), propertyNames));
  if (Object.hasOwn(value, 'additionalProperties') && value.additionalProperties !== false) {
    problems.add(at('additionalProperties'), 'must be false (the only form in the validator subset)');
  }
  if (Object.hasOwn(value, 'dependentRequired'))
    problems.check(() => checkDependentRequired(problems, value.dependentRequired, at('dependentRequired'), propertyNames));
  for (const kw of ['anyOf', 'oneOf'] as const) {
    if (Object.hasOwn(value, kw)) problems.check(() => checkBranches(problems, kw, value[kw], at(kw), propertyNames));
  }
  if (Object.hasOwn(value, 'items')) problems.check(() => checkSchema(problems, value.items, at('items')));
  const bounds = new Map<string, number>();
  for (const kw of ['minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    if (!Object.hasOwn(value, kw)) continue;
    const count = kw !== 'minimum' && kw !== 'maximum';
    const n = problems.check(() => {
      const n = readNumber(value[kw], at(kw), count);
      if (count && n < 0) fail(at(kw), 'must not be negative');
      return n;
    });
    if (n !== undefined) bounds.set(kw, n);
  }
  for (const [low, high] of [
    ['minItems', 'maxItems'],
    ['minLength', 'maxLength'],
    ['minimum', 'maximum'],
  ] as const) {
    const a = bounds.get(low);
    const b = bounds.get(high);
    if (a !== undefined && b !== undefined && a > b) problems.add(at(low), `is greater than ${high}`);
  }
  if (Object.hasOwn(value, 'enum')) problems.check(() => readArray(value.enum, at('enum'), true));
  if (Object.hasOwn(value, 'format')) {
    const f = value.format;
    if (typeof f !== 'string' || !formats.has(f)) problems.add(at('format'), `is not a format of the validator subset (${schemaFormats.join(', ')})`);
  }
  if (Object.hasOwn(value, 'default') && problems.size === before) problems.check(() => checkDefault(value, at('default')));
  return value;
}

function checkType(problems: Problems, t: unknown, pointer: string): void {
  const list = Array.isArray(t) ? t : [t];
  if (list.length === 0) fail(pointer, 'must name at least one type');
  const seen = new Set<unknown>();
  list.forEach((name, i) => {
    const p = Array.isArray(t) ? pointerAppend(pointer, i) : pointer;
    if (typeof name !== 'string' || !types.has(name)) problems.add(p, 'is not a JSON Schema type');
    else if (seen.has(name)) problems.add(p, `duplicate type "${name}"`);
    seen.add(name);
  });
}

function checkDependentRequired(problems: Problems, dr: unknown, pointer: string, propertyNames: ReadonlySet<string>): void {
  if (!isObj(dr)) fail(pointer, 'must be an object');
  for (const [name, list] of Object.entries(dr)) {
    const p = pointerAppend(pointer, name);
    if (!propertyNames.has(name)) problems.add(p, `names "${name}", which is not a property`);
    else problems.check(() => checkNameList(problems, list, p, propertyNames));
  }
}

function checkBranches(problems: Problems, kw: 'anyOf' | 'oneOf', value: unknown, pointer: string, propertyNames: ReadonlySet<string>): void {
  readArray(value, pointer, true).forEach((branch, i) => {
    const p = pointerAppend(pointer, i);
    problems.check(() => {
      if (!isObj(branch)) fail(p, 'must be an object');
      for (const key of Object.keys(branch)) {
        if (key !== 'required') problems.add(pointerAppend(p, key), `only "required" sets are allowed in ${kw}`);
      }
      if (!Object.hasOwn(branch, 'required')) fail(pointerAppend(p, 'required'), 'is required');
      checkNameList(problems, branch.required, pointerAppend(p, 'required'), propertyNames);
    });
  });
}

/** A `default` must pass its own schema (checked only when the rest of the schema is well-formed, so it can run). */
function checkDefault(value: Obj, pointer: string): void {
  const { default: fallback, ...rule } = value;
  const violation = checkValue(rule, fallback);
  if (violation) fail(pointer, `does not match its own schema (${formatViolation(violation)})`);
}

function checkNameList(problems: Problems, value: unknown, pointer: string, propertyNames: ReadonlySet<string>): void {
  const list = readArray(value, pointer);
  const seen = new Set<string>();
  list.forEach((name, i) => {
    const p = pointerAppend(pointer, i);
    if (typeof name !== 'string') return problems.add(p, 'must be a string');
    if (seen.has(name)) return problems.add(p, `duplicate name "${name}"`);
    seen.add(name);
    if (!propertyNames.has(name)) problems.add(p, `names "${name}", which is not a property`);
  });
}
