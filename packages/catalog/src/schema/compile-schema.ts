/**
 * The interpreter half of the schema engine: each schema is compiled once
 * into a tree of closures (cached per schema object) that checks a value in
 * the spec's order and answers the first violation in relative form.
 */
import type { Schema, SchemaFormat, SchemaType } from '../catalog-types.js';
import { codePointLength } from './code-point-length.js';
import { isBase64 } from './is-base64.js';
import { isDateTime } from './is-date-time.js';
import { isToken } from './is-token.js';
import { isUri } from './is-uri.js';
import { jsonEqual } from './json-equal.js';
import { pointerToken } from './pointer-token.js';
import type { RelativeViolation } from './relative-violation.js';
import { schemaKeywords, schemaTypes } from './schema-keywords.js';

/** A compiled schema: the first violation of `value` in relative form, or `null`. */
export type CompiledCheck = (value: unknown) => RelativeViolation | null;

/** The string formats, by name. */
const formatTests: { readonly [F in SchemaFormat]: (s: string) => boolean } = {
  'date-time': isDateTime,
  token: isToken,
  uri: isUri,
  base64: isBase64,
};

const compiled = new WeakMap<Schema, CompiledCheck>();

/** A key is present when it is an own enumerable property (what `Object.keys` and JSON see). */
function present(o: object, key: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(o, key);
}

/**
 * Compiles `schema` (once per schema object) into a check that answers the
 * first violation in the spec's order, as `<relative pointer> <keyword>`.
 * Throws an error naming the schema location when the schema uses anything
 * outside the validator subset.
 */
export function compileSchema(schema: Schema): CompiledCheck {
  return compileAt(schema, '#');
}

function compileAt(schema: Schema, at: string): CompiledCheck {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  const check = build(schema, at);
  compiled.set(schema, check);
  return check;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A test for one JSON type: booleans are never numbers, `integer` has no fractional part. */
function typeTest(type: SchemaType): (v: unknown) => boolean {
  switch (type) {
    case 'null':
      return (v) => v === null;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'integer':
      return (v) => Number.isInteger(v);
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return (v) => typeof v === 'string';
    case 'array':
      return (v) => Array.isArray(v);
    case 'object':
      return isObject;
  }
}

function fail(at: string, message: string): never {
  throw new Error(`schema ${at}: ${message}`);
}

function nonNegativeInteger(value: unknown, at: string, keyword: string): number {
  if (!Number.isInteger(value) || (value as number) < 0) fail(`${at}/${keyword}`, 'must be a non-negative integer');
  return value as number;
}

function finiteNumber(value: unknown, at: string, keyword: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${at}/${keyword}`, 'must be a finite number');
  return value;
}

function stringList(value: unknown, at: string): readonly string[] {
  if (!Array.isArray(value) || !value.every((k) => typeof k === 'string')) fail(at, 'must be an array of strings');
  return value;
}

/** Runs the checks in order; the first violation wins. */
function sequence(checks: readonly CompiledCheck[]): CompiledCheck {
  if (checks.length === 0) return () => null;
  if (checks.length === 1) return checks[0] as CompiledCheck;
  return (v) => {
    for (const check of checks) {
      const r = check(v);
      if (r !== null) return r;
    }
    return null;
  };
}

function build(schema: Schema, at: string): CompiledCheck {
  const given: unknown = schema; // compiled from an untyped catalog document
  if (typeof given !== 'object' || given === null || Array.isArray(given)) fail(at, 'must be an object');
  for (const keyword of Object.keys(schema)) {
    if (!schemaKeywords.includes(keyword)) fail(`${at}/${pointerToken(keyword)}`, `keyword "${keyword}" is not in the validator subset`);
  }
  const steps: CompiledCheck[] = [];
  if (schema.type !== undefined) steps.push(buildType(schema.type, at));
  const objectSteps = buildObject(schema, at);
  if (objectSteps.length > 0) {
    const run = sequence(objectSteps);
    steps.push((v) => (isObject(v) ? run(v) : null));
  }
  const arraySteps = buildArray(schema, at);
  if (arraySteps.length > 0) {
    const run = sequence(arraySteps);
    steps.push((v) => (Array.isArray(v) ? run(v) : null));
  }
  if (schema.minimum !== undefined) {
    const min = finiteNumber(schema.minimum, at, 'minimum');
    steps.push((v) => (typeof v === 'number' && v < min ? ' minimum' : null));
  }
  if (schema.maximum !== undefined) {
    const max = finiteNumber(schema.maximum, at, 'maximum');
    steps.push((v) => (typeof v === 'number' && v > max ? ' maximum' : null));
  }
  if (schema.minLength !== undefined) {
    const min = nonNegativeInteger(schema.minLength, at, 'minLength');
    steps.push((v) => (typeof v === 'string' && (v.length < min || (v.length < 2 * min && codePointLength(v) < min)) ? ' minLength' : null));
  }
  if (schema.maxLength !== undefined) {
    const max = nonNegativeInteger(schema.maxLength, at, 'maxLength');
    steps.push((v) => (typeof v === 'string' && v.length > max && codePointLength(v) > max ? ' maxLength' : null));
  }
  if (schema.enum !== undefined) steps.push(buildEnum(schema.enum, at));
  if (schema.format !== undefined) {
    const test = Object.hasOwn(formatTests, schema.format) ? formatTests[schema.format] : undefined;
    if (test === undefined) fail(`${at}/format`, `unknown format "${String(schema.format)}"`);
    steps.push((v) => (typeof v === 'string' && !test(v) ? ' format' : null));
  }
  return sequence(steps);
}

function buildType(type: Schema['type'], at: string): CompiledCheck {
  const names = typeof type === 'string' ? [type] : type;
  if (!Array.isArray(names) || names.length === 0) fail(`${at}/type`, 'must be a type name or a non-empty list of them');
  const tests = names.map((name) => {
    if (typeof name !== 'string' || !schemaTypes.includes(name)) fail(`${at}/type`, `unknown type "${String(name)}"`);
    return typeTest(name as SchemaType);
  });
  if (tests.length === 1) {
    const test = tests[0] as (v: unknown) => boolean;
    return (v) => (test(v) ? null : ' type');
  }
  return (v) => (tests.some((test) => test(v)) ? null : ' type');
}

function buildObject(schema: Schema, at: string): CompiledCheck[] {
  const steps: CompiledCheck[] = [];
  const properties = schema.properties ?? {};
  if (!isObject(properties)) fail(`${at}/properties`, 'must be an object');
  if (schema.required !== undefined) {
    const required = stringList(schema.required, `${at}/required`).map((k) => [k, `/${pointerToken(k)} required`] as const);
    steps.push((o) => {
      for (const [k, message] of required) if (!present(o as object, k)) return message;
      return null;
    });
  }
  if (schema.additionalProperties !== undefined) {
    if ((schema.additionalProperties as unknown) !== false) fail(`${at}/additionalProperties`, 'only `false` is supported');
    const known = new Set(Object.keys(properties));
    steps.push((o) => {
      let first: string | undefined;
      for (const k in o as object) {
        if (Object.hasOwn(o as object, k) && !known.has(k) && (first === undefined || k < first)) first = k;
      }
      return first === undefined ? null : `/${pointerToken(first)} additionalProperties`;
    });
  }
  const props = Object.keys(properties).map(
    (k) => [k, compileAt(properties[k] as Schema, `${at}/properties/${pointerToken(k)}`), `/${pointerToken(k)}`] as const,
  );
  if (props.length > 0) {
    steps.push((value) => {
      const o = value as Record<string, unknown>;
      for (const [k, check, prefix] of props) {
        if (present(o, k)) {
          const r = check(o[k]);
          if (r !== null) return prefix + r;
        }
      }
      return null;
    });
  }
  if (schema.dependentRequired !== undefined) {
    const dependent = schema.dependentRequired;
    if (!isObject(dependent)) fail(`${at}/dependentRequired`, 'must be an object');
    const rules = Object.keys(dependent).map((k) => {
      const needs = stringList(dependent[k], `${at}/dependentRequired/${pointerToken(k)}`);
      return [k, needs.map((d) => [d, `/${pointerToken(d)} dependentRequired`] as const)] as const;
    });
    steps.push((o) => {
      for (const [k, needs] of rules) {
        if (!present(o as object, k)) continue;
        for (const [d, message] of needs) if (!present(o as object, d)) return message;
      }
      return null;
    });
  }
  if (schema.anyOf !== undefined) {
    const sets = requiredSets(schema.anyOf, `${at}/anyOf`);
    steps.push((o) => (sets.some((set) => hasAll(o as object, set)) ? null : ' anyOf'));
  }
  if (schema.oneOf !== undefined) {
    const sets = requiredSets(schema.oneOf, `${at}/oneOf`);
    steps.push((o) => {
      let matched = 0;
      for (const set of sets) if (hasAll(o as object, set)) matched++;
      return matched === 1 ? null : ' oneOf';
    });
  }
  return steps;
}

function hasAll(o: object, keys: readonly string[]): boolean {
  for (const k of keys) if (!present(o, k)) return false;
  return true;
}

function requiredSets(value: unknown, at: string): readonly (readonly string[])[] {
  if (!Array.isArray(value) || value.length === 0) fail(at, 'must be a non-empty array of `{required: [...]}`');
  return value.map((branch: unknown, i) => {
    if (!isObject(branch) || Object.keys(branch).some((k) => k !== 'required')) {
      fail(`${at}/${i}`, 'must be `{required: [...]}`');
    }
    return stringList(branch['required'], `${at}/${i}/required`);
  });
}

function buildArray(schema: Schema, at: string): CompiledCheck[] {
  const steps: CompiledCheck[] = [];
  if (schema.minItems !== undefined) {
    const min = nonNegativeInteger(schema.minItems, at, 'minItems');
    steps.push((a) => ((a as unknown[]).length < min ? ' minItems' : null));
  }
  if (schema.maxItems !== undefined) {
    const max = nonNegativeInteger(schema.maxItems, at, 'maxItems');
    steps.push((a) => ((a as unknown[]).length > max ? ' maxItems' : null));
  }
  if (schema.items !== undefined) {
    const item = compileAt(schema.items, `${at}/items`);
    steps.push((value) => {
      const a = value as unknown[];
      for (let i = 0; i < a.length; i++) {
        const r = item(a[i]);
        if (r !== null) return `/${i}${r}`;
      }
      return null;
    });
  }
  return steps;
}

function buildEnum(values: unknown, at: string): CompiledCheck {
  if (!Array.isArray(values) || values.length === 0) fail(`${at}/enum`, 'must be a non-empty array');
  if (values.every((x) => x === null || typeof x !== 'object')) {
    const scalars = new Set<unknown>(values);
    return (v) => (scalars.has(v) ? null : ' enum');
  }
  return (v) => (values.some((x) => jsonEqual(x, v)) ? null : ' enum');
}
