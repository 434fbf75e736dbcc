/**
 * Checks that a tool schema uses only the validator subset, each keyword
 * well-formed, so a catalog can never demand a rule the validators do not
 * enforce.
 */
import type { Schema } from '../catalog-types.js';
import { checkValue, formatViolation, schemaFormats, schemaKeywords, schemaTypes } from '../schema/index.js';
import { fail, isObj, pointerAppend, readArray, readNumber, readString } from './reader.js';

const types = new Set<string>(schemaTypes);
const formats = new Set<string>(schemaFormats);
const known = new Set<string>(schemaKeywords);

/** Validates `value` as a subset schema at `pointer` and returns it typed. */
export function checkSchema(value: unknown, pointer: string): Schema {
  if (!isObj(value)) fail(pointer, 'must be a schema object');
  for (const key of Object.keys(value)) {
    if (!known.has(key)) fail(pointerAppend(pointer, key), `keyword "${key}" is not in the validator subset`);
  }
  const at = (k: string) => pointerAppend(pointer, k);
  if (Object.hasOwn(value, 'type')) {
    const t = value.type;
    const list = Array.isArray(t) ? t : [t];
    if (list.length === 0) fail(at('type'), 'must name at least one type');
    const seen = new Set<unknown>();
    list.forEach((name, i) => {
      const p = Array.isArray(t) ? pointerAppend(at('type'), i) : at('type');
      if (typeof name !== 'string' || !types.has(name)) fail(p, 'is not a JSON Schema type');
      if (seen.has(name)) fail(p, `duplicate type "${name}"`);
      seen.add(name);
    });
  }
  if (Object.hasOwn(value, 'description')) readString(value.description, at('description'));
  if (Object.hasOwn(value, 'properties')) {
    const props = value.properties;
    if (!isObj(props)) fail(at('properties'), 'must be an object');
    for (const [name, sub] of Object.entries(props)) checkSchema(sub, pointerAppend(at('properties'), name));
  }
  const propertyNames = isObj(value.properties) ? Object.keys(value.properties) : [];
  if (Object.hasOwn(value, 'required')) checkNameList(value.required, at('required'), propertyNames);
  if (Object.hasOwn(value, 'additionalProperties') && value.additionalProperties !== false) {
    fail(at('additionalProperties'), 'must be false (the only form in the validator subset)');
  }
  if (Object.hasOwn(value, 'dependentRequired')) {
    const dr = value.dependentRequired;
    if (!isObj(dr)) fail(at('dependentRequired'), 'must be an object');
    for (const [name, list] of Object.entries(dr)) {
      const p = pointerAppend(at('dependentRequired'), name);
      if (!propertyNames.includes(name)) fail(p, `names "${name}", which is not a property`);
      checkNameList(list, p, propertyNames);
    }
  }
  for (const kw of ['anyOf', 'oneOf'] as const) {
    if (!Object.hasOwn(value, kw)) continue;
    const branches = readArray(value[kw], at(kw), true);
    branches.forEach((branch, i) => {
      const p = pointerAppend(at(kw), i);
      if (!isObj(branch)) fail(p, 'must be an object');
      for (const key of Object.keys(branch)) {
        if (key !== 'required') fail(pointerAppend(p, key), `only "required" sets are allowed in ${kw}`);
      }
      if (!Object.hasOwn(branch, 'required')) fail(pointerAppend(p, 'required'), 'is required');
      checkNameList(branch.required, pointerAppend(p, 'required'), propertyNames);
    });
  }
  if (Object.hasOwn(value, 'items')) checkSchema(value.items, at('items'));
  for (const kw of ['minItems', 'maxItems', 'minLength', 'maxLength'] as const) {
    if (Object.hasOwn(value, kw)) {
      const n = readNumber(value[kw], at(kw), true);
      if (n < 0) fail(at(kw), 'must not be negative');
    }
  }
  for (const kw of ['minimum', 'maximum'] as const) {
    if (Object.hasOwn(value, kw)) readNumber(value[kw], at(kw));
  }
  checkOrder(value, 'minItems', 'maxItems', pointer);
  checkOrder(value, 'minLength', 'maxLength', pointer);
  checkOrder(value, 'minimum', 'maximum', pointer);
  if (Object.hasOwn(value, 'enum')) readArray(value.enum, at('enum'), true);
  if (Object.hasOwn(value, 'format')) {
    const f = value.format;
    if (typeof f !== 'string' || !formats.has(f)) fail(at('format'), `is not a format of the validator subset (${schemaFormats.join(', ')})`);
  }
  if (Object.hasOwn(value, 'default')) {
    const { default: fallback, ...rule } = value;
    const violation = checkValue(rule as Schema, fallback);
    if (violation) fail(at('default'), `does not match its own schema (${formatViolation(violation)})`);
  }
  return value as Schema;
}

function checkNameList(value: unknown, pointer: string, propertyNames: readonly string[]): void {
  const list = readArray(value, pointer);
  const seen = new Set<string>();
  list.forEach((name, i) => {
    const p = pointerAppend(pointer, i);
    const s = readString(name, p);
    if (seen.has(s)) fail(p, `duplicate name "${s}"`);
    seen.add(s);
    if (!propertyNames.includes(s)) fail(p, `names "${s}", which is not a property`);
  });
}

function checkOrder(value: { readonly [k: string]: unknown }, low: string, high: string, pointer: string): void {
  const a = value[low];
  const b = value[high];
  if (typeof a === 'number' && typeof b === 'number' && a > b) fail(pointerAppend(pointer, low), `is greater than ${high}`);
}
