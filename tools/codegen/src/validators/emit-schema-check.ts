/**
 * Writes a schema as straight-line TypeScript: one `function name(v:
 * unknown): string | null` that checks a value in the spec's order and
 * returns the first violation as `<relative pointer> <keyword>` (the form of
 * `RelativeViolation`), plus one helper function per `items` schema.
 */
import type { JsonValue, Schema, SchemaType } from '@xcap/catalog/core';
import { pointerToken } from '@xcap/catalog/core';
import { tsLiteral } from './ts-literal.js';

/** What one generated file accumulates while its checks are written. */
export interface CheckFileState {
  /** Runtime helpers the code uses (imported from the schema engine). */
  readonly helpers: Set<string>;
  /** Module-level declarations (enum constants, item checkers), in order. */
  readonly declarations: string[];
  /** Counter for fresh local names. */
  counter: number;
  /** True while writing a root checker, whose own violations print the pointer `/` (no parent prefixes them). */
  root: boolean;
}

/** A fresh state for one generated file. */
export function newCheckFileState(): CheckFileState {
  return { helpers: new Set(), declarations: [], counter: 0, root: false };
}

type Kind = 'object' | 'array' | 'number' | 'string' | 'boolean' | 'null';

const kindOf: { readonly [T in SchemaType]: Kind } = {
  object: 'object',
  array: 'array',
  integer: 'number',
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  null: 'null',
};

const formatHelper: { readonly [f: string]: string } = {
  'date-time': 'isDateTime',
  token: 'isToken',
  uri: 'isUri',
  base64: 'isBase64',
};

/** The test that `v` is of JSON type `t` (booleans are never numbers; integers have no fraction). */
function isType(t: SchemaType, v: string): string {
  switch (t) {
    case 'object':
      return `(typeof ${v} === 'object' && ${v} !== null && !Array.isArray(${v}))`;
    case 'array':
      return `Array.isArray(${v})`;
    case 'integer':
      return `(typeof ${v} === 'number' && Number.isInteger(${v}))`;
    case 'number':
      return `(typeof ${v} === 'number' && Number.isFinite(${v}))`;
    case 'string':
      return `typeof ${v} === 'string'`;
    case 'boolean':
      return `typeof ${v} === 'boolean'`;
    case 'null':
      return `${v} === null`;
  }
}

/** The negation of {@link isType}, written so TypeScript narrows `v` after it. */
function isNotType(t: SchemaType, v: string): string {
  switch (t) {
    case 'object':
      return `typeof ${v} !== 'object' || ${v} === null || Array.isArray(${v})`;
    case 'array':
      return `!Array.isArray(${v})`;
    case 'integer':
      return `typeof ${v} !== 'number' || !Number.isInteger(${v})`;
    case 'number':
      return `typeof ${v} !== 'number' || !Number.isFinite(${v})`;
    case 'string':
      return `typeof ${v} !== 'string'`;
    case 'boolean':
      return `typeof ${v} !== 'boolean'`;
    case 'null':
      return `${v} !== null`;
  }
}

const kindTest: { readonly [K in Kind]: (v: string) => string } = {
  object: (v) => isType('object', v),
  array: (v) => isType('array', v),
  number: (v) => `typeof ${v} === 'number'`,
  string: (v) => `typeof ${v} === 'string'`,
  boolean: (v) => `typeof ${v} === 'boolean'`,
  null: (v) => `${v} === null`,
};

function indent(lines: readonly string[]): string[] {
  return lines.map((l) => (l === '' ? l : `  ${l}`));
}

function fresh(state: CheckFileState, base: string): string {
  state.counter++;
  return `${base}${state.counter}`;
}

/** `return "<pointer> <keyword>";` */
function fail(pointer: string, keyword: string): string {
  return `return ${JSON.stringify(`${pointer} ${keyword}`)};`;
}

/**
 * Emits `function name(v: unknown): string | null` for `schema` into the
 * state's declarations. A root checker answers `<pointer> <keyword>` as the
 * spec prints it (`/` for the root); any other (an array item's) answers
 * the pointer relative to its argument, which the caller prefixes.
 */
export function emitCheckFunction(state: CheckFileState, schema: Schema, name: string, doc: string, root = false): void {
  const outer = state.root;
  state.root = root;
  const body = emitValue(state, schema, 'v', '');
  state.root = outer;
  state.declarations.push(
    // An empty schema reads nothing: its parameter is named as unused.
    [`/** ${doc} */`, `function ${name}(${body.length === 0 ? '_v' : 'v'}: unknown): string | null {`, ...indent(body), '  return null;', '}'].join('\n'),
  );
}

/** The pointer a violation of the value at `pointer` itself prints: `/` for the root of a root checker. */
function here(state: CheckFileState, pointer: string): string {
  return pointer === '' && state.root ? '/' : pointer;
}

/**
 * The statements that check the value in variable `v` (pointer `pointer`,
 * relative to the enclosing function's argument) in the spec's order,
 * returning the first violation.
 */
function emitValue(state: CheckFileState, schema: Schema, v: string, pointer: string): string[] {
  const out: string[] = [];
  const at = here(state, pointer);
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type];
  const kinds = new Set(types.map((t) => kindOf[t]));
  const known: Kind | undefined = kinds.size === 1 ? [...kinds][0] : undefined;
  if (types.length === 1) {
    out.push(`if (${isNotType(types[0] as SchemaType, v)}) ${fail(at, 'type')}`);
  } else if (types.length > 1) {
    out.push(`if (!(${types.map((t) => isType(t, v)).join(' || ')})) ${fail(at, 'type')}`);
  }
  const possible = (kind: Kind) => types.length === 0 || kinds.has(kind);
  const guarded = (kind: Kind, lines: string[]) => {
    if (lines.length === 0 || !possible(kind)) return;
    if (known === kind) out.push(...lines);
    else out.push(`if (${kindTest[kind](v)}) {`, ...indent(lines), '}');
  };
  guarded('object', emitObject(state, schema, v, pointer));
  guarded('array', emitArray(state, schema, v, pointer));
  const numberLines: string[] = [];
  if (schema.minimum !== undefined) numberLines.push(`if (${v} < ${schema.minimum}) ${fail(at, 'minimum')}`);
  if (schema.maximum !== undefined) numberLines.push(`if (${v} > ${schema.maximum}) ${fail(at, 'maximum')}`);
  guarded('number', numberLines);
  const lengthLines: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) {
    const min = schema.minLength;
    if (min === 1) {
      lengthLines.push(`if (${v}.length < 1) ${fail(at, 'minLength')}`);
    } else {
      state.helpers.add('codePointLength');
      lengthLines.push(`if (${v}.length < ${min} || (${v}.length < ${2 * min} && codePointLength(${v}) < ${min})) ${fail(at, 'minLength')}`);
    }
  }
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    state.helpers.add('codePointLength');
    lengthLines.push(`if (${v}.length > ${max} && codePointLength(${v}) > ${max}) ${fail(at, 'maxLength')}`);
  }
  guarded('string', lengthLines);
  if (schema.enum !== undefined) out.push(`if (!(${emitEnumTest(state, schema.enum, v, known)})) ${fail(at, 'enum')}`);
  if (schema.format !== undefined) {
    const helper = formatHelper[schema.format];
    if (helper === undefined) throw new Error(`emitValidators: unknown format "${schema.format}"`);
    state.helpers.add(helper);
    guarded('string', [`if (!${helper}(${v})) ${fail(at, 'format')}`]);
  }
  return out;
}

/** The JSON kind of an enum member. */
function valueKind(x: JsonValue): Kind {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  return typeof x as 'boolean' | 'number' | 'string' | 'object';
}

/**
 * `v` equals one of `values` (deep JSON equality). Members of another kind
 * than the one the type check already established can never match and are
 * left out (so the comparison also typechecks).
 */
function emitEnumTest(state: CheckFileState, values: readonly JsonValue[], v: string, known: Kind | undefined): string {
  const tests = values
    .filter((x) => known === undefined || valueKind(x) === known)
    .map((x) => {
      if (x === null || typeof x !== 'object') return `${v} === ${JSON.stringify(x)}`;
      const name = fresh(state, 'enumValue');
      state.declarations.push(`const ${name} = ${tsLiteral(x)};`);
      state.helpers.add('jsonEqual');
      return `jsonEqual(${v}, ${name})`;
    });
  return tests.length === 0 ? 'false' : tests.join(' || ');
}

/** Declares the module-level `own` (Object.prototype.hasOwnProperty) once per file. */
export function useOwn(state: CheckFileState): void {
  const line = 'const own = Object.prototype.hasOwnProperty;';
  if (!state.declarations.includes(line)) state.declarations.unshift(line);
}

/**
 * The object checks. One `for...in` pass over the value's own keys records
 * which declared keys are present (a flag each) and the first unknown key in
 * UTF-16 order; `own.call(o, k)` inside `for...in` is what V8 optimises best
 * and keeps inherited keys out. Then required, unknown keys, properties,
 * dependentRequired, anyOf, oneOf, in that order.
 */
function emitObject(state: CheckFileState, schema: Schema, v: string, pointer: string): string[] {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const dependent = schema.dependentRequired ?? {};
  // A presence flag is declared only for a key some later check reads; every declared key still has its case below.
  const flags = new Map<string, string>();
  const flag = (k: string) => {
    let name = flags.get(k);
    if (name === undefined) {
      name = fresh(state, 'has');
      flags.set(k, name);
    }
    return name;
  };
  const closed = schema.additionalProperties === false;
  const o = fresh(state, 'o');
  const body: string[] = [];
  const bad = closed ? fresh(state, 'unknownKey') : '';
  const propertyLines: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const k of names) {
    const x = fresh(state, 'p');
    const lines = emitValue(state, properties[k] as Schema, x, `${pointer}/${pointerToken(k)}`);
    if (lines.length === 0) continue;
    const read = `const ${x} = ${o}[${JSON.stringify(k)}];`;
    // A required property is known to be present once the required checks passed.
    if (required.has(k)) propertyLines.push(read, ...lines);
    else propertyLines.push(`if (${flag(k)}) {`, `  ${read}`, ...indent(lines), '}');
  }
  const ruleLines: string[] = [];
  for (const k of Object.keys(dependent)) {
    const needs = dependent[k] ?? [];
    if (needs.length === 0) continue;
    ruleLines.push(`if (${flag(k)}) {`, ...indent(needs.map((d) => `if (!${flag(d)}) ${fail(`${pointer}/${pointerToken(d)}`, 'dependentRequired')}`)), '}');
  }
  const all = (keys: readonly string[]) => (keys.length === 0 ? 'true' : keys.map(flag).join(' && '));
  if (schema.anyOf !== undefined) {
    ruleLines.push(`if (!(${schema.anyOf.map((b) => `(${all(b.required)})`).join(' || ')})) ${fail(here(state, pointer), 'anyOf')}`);
  }
  if (schema.oneOf !== undefined) {
    ruleLines.push(`if (${schema.oneOf.map((b) => `(${all(b.required)} ? 1 : 0)`).join(' + ')} !== 1) ${fail(here(state, pointer), 'oneOf')}`);
  }
  const requiredLines = (schema.required ?? []).map((k) => `if (!${flag(k)}) ${fail(`${pointer}/${pointerToken(k)}`, 'required')}`);
  if (flags.size === 0 && !closed) return [];
  // Declared keys no check reads still count as known (not additional) in a closed object.
  const silent = closed ? names.filter((k) => !flags.has(k)) : [];
  useOwn(state);
  body.push(`const ${o} = ${v} as { readonly [key: string]: unknown };`);
  for (const name of flags.values()) body.push(`let ${name} = false;`);
  if (closed) body.push(`let ${bad}: string | undefined;`);
  const unknown = closed ? [`if (${bad} === undefined || k < ${bad}) ${bad} = k;`] : [];
  const loop =
    flags.size === 0 && silent.length === 0
      ? [`if (own.call(${o}, k)) {`, ...indent(unknown), '}']
      : [
          `if (!own.call(${o}, k)) continue;`,
          'switch (k) {',
          ...indent([...flags].map(([k, name]) => `case ${JSON.stringify(k)}: ${name} = true; break;`)),
          ...indent(silent.map((k) => `case ${JSON.stringify(k)}: break;`)),
          ...(closed ? indent(['default:', ...indent(unknown)]) : []),
          '}',
        ];
  body.push(`for (const k in ${o}) {`, ...indent(loop), '}');
  body.push(...requiredLines);
  if (closed) {
    state.helpers.add('pointerToken');
    body.push(`if (${bad} !== undefined) return ${JSON.stringify(`${pointer}/`)} + pointerToken(${bad}) + " additionalProperties";`);
  }
  body.push(...propertyLines, ...ruleLines);
  return body;
}

function emitArray(state: CheckFileState, schema: Schema, v: string, pointer: string): string[] {
  const body: string[] = [];
  const a = fresh(state, 'a');
  if (schema.minItems !== undefined && schema.minItems > 0) {
    body.push(`if (${a}.length < ${schema.minItems}) ${fail(here(state, pointer), 'minItems')}`);
  }
  if (schema.maxItems !== undefined) body.push(`if (${a}.length > ${schema.maxItems}) ${fail(here(state, pointer), 'maxItems')}`);
  if (schema.items !== undefined && emitValue(newCheckFileState(), schema.items, 'v', '').length > 0) {
    const item = fresh(state, 'checkItem');
    emitCheckFunction(state, schema.items, item, 'Checks one array item; the pointer of its violation is relative to the item.');
    const r = fresh(state, 'r');
    body.push(
      `for (let i = 0; i < ${a}.length; i++) {`,
      `  const ${r} = ${item}(${a}[i]);`,
      `  if (${r} !== null) return ${JSON.stringify(`${pointer}/`)} + i + ${r};`,
      '}',
    );
  }
  if (body.length === 0) return [];
  return [`const ${a} = ${v} as readonly unknown[];`, ...body];
}
