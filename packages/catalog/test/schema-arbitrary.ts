/**
 * Test inputs derived from a schema of the validator subset: valid values
 * and near-valid mutations of them (a required key dropped, an unknown key
 * added, a dependency or an anyOf/oneOf rule broken, lengths, counts and
 * numbers one past a bound, wrong types, bad formats), anywhere in the value.
 * Used by the agreement and ajv differential tests and by the benchmark.
 */
import fc from 'fast-check';
import type { Schema, SchemaFormat, SchemaType } from '../src/catalog-types.js';

type Arb = fc.Arbitrary<unknown>;

/** Keys no schema of the fixture declares, including ones that live on Object.prototype. */
export const unknownKeys: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  'a/b',
  'x~y',
  '~1',
  'max',
  'since',
  'Zed',
  'é',
  '😀',
];

/** Builds an object with own properties only, even for keys like `__proto__`. */
export function ownObject(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** One code point per unit: ASCII, Latin/CJK, astral (a surrogate pair) and a lone low surrogate. */
const codePointUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'Z', '0', ' ', '-', '.', '_', '/', '~', '"') },
  { weight: 2, arbitrary: fc.constantFrom('é', 'ß', '中', '\u00a0') },
  { weight: 2, arbitrary: fc.constantFrom('😀', '𝄞', '🎉') },
  { weight: 1, arbitrary: fc.constant('\udc00') },
);

/** Strings longer than this are rare in the corpus: building one costs milliseconds. */
const huge = 50_000;

/** The weight of a boundary-length string among short ones: about 1 in 11, or 1 in 400 when it is huge. */
function boundaryWeight(length: number): number {
  return length > huge ? 1 : 40;
}

/** A string of `min`..`max` code points (short ones drawn unit by unit, long ones repeated). */
function codePoints(min: number, max: number): fc.Arbitrary<string> {
  const top = Math.min(max, min + 12);
  const parts: fc.WeightedArbitrary<string>[] = [
    { weight: 400, arbitrary: fc.array(codePointUnit, { minLength: min, maxLength: top }).map((a) => a.join('')) },
  ];
  if (Number.isFinite(max) && max > top) {
    parts.push({ weight: boundaryWeight(max), arbitrary: fc.constantFrom('a', '😀', 'é').map((u) => u.repeat(max)) });
  }
  if (min > 12) parts.push({ weight: boundaryWeight(min), arbitrary: fc.constantFrom('a', '😀').map((u) => u.repeat(min)) });
  return fc.oneof(...parts);
}

const digits = (n: number, width: number) => String(n).padStart(width, '0');

function isLeap(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

function daysIn(y: number, m: number): number {
  return [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 31;
}

/** RFC 3339 date-times of clarification 10 (leap days, second 60, fractions, lowercase t/z, offsets). */
const validDateTime: fc.Arbitrary<string> = fc
  .record({
    y: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1900, 2000, 2023, 2024, 2026)),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
    leapDay: fc.boolean(),
    hh: fc.integer({ min: 0, max: 23 }),
    mm: fc.integer({ min: 0, max: 59 }),
    ss: fc.integer({ min: 0, max: 60 }),
    frac: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
    t: fc.constantFrom('T', 't'),
    zone: fc.oneof(
      fc.constantFrom('Z', 'z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([s, h, mi]) => `${s}${digits(h, 2)}:${digits(mi, 2)}`),
    ),
  })
  .map(({ y, m, d, leapDay, hh, mm, ss, frac, t, zone }) => {
    const [year, month, day] = leapDay && isLeap(y) ? [y, 2, 29] : [y, m, Math.min(d, daysIn(y, m))];
    const time = `${digits(hh, 2)}:${digits(mm, 2)}:${digits(ss, 2)}${frac === undefined ? '' : `.${frac}`}`;
    return `${digits(year, 4)}-${digits(month, 2)}-${digits(day, 2)}${t}${time}${zone}`;
  });

/** Strings one rule away from a date-time. */
const badDateTime: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2023-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '2024-04-31T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-00-01T00:00:00Z',
    '2024-01-00T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T23:60:00Z',
    '2024-01-01T23:59:61Z',
    '2024-01-01T10:00:00+24:00',
    '2024-01-01T10:00:00+23:60',
    '2024-01-01T10:00:00',
    '2024-01-01T10:00:00.Z',
    '2024-01-01T10:00Z',
    '24-01-01T10:00:00Z',
    '2024-1-01T10:00:00Z',
    'tomorrow',
    '',
  ),
  validDateTime.map((s) => s.slice(0, -1)),
  validDateTime.map((s) => `${s}x`),
  validDateTime.map((s) => ` ${s}`),
);

const tokenChars = 'ABCXYZabcxyz0189._-';
const tokenChar = fc.constantFrom(...tokenChars.split(''));
const validToken: fc.Arbitrary<string> = fc.oneof(
  fc.array(tokenChar, { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
  tokenChar.map((c) => c.repeat(64)),
);
const badToken: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'has space', 'a/b', 'é', 'a:b', 'x\n', '😀'),
  tokenChar.map((c) => c.repeat(65)),
  validToken.map((s) => `${s}!`),
);

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const pchars = fc.stringMatching(/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2}){0,8}$/);
/**
 * http(s) URLs in the grammar where RFC 3986 (ajv-formats) and the WHATWG
 * parser (clarification 10) agree: ASCII, an authority with a non-empty
 * host, ports up to 65535.
 */
const validUri: fc.Arbitrary<string> = fc
  .record({
    scheme: fc.constantFrom('http', 'https', 'HTTP', 'HTTPS', 'Https'),
    user: fc.option(fc.stringMatching(/^[a-z0-9]{1,5}(?::[a-z0-9]{0,5})?@$/), { nil: '' }),
    host: fc.oneof(
      { weight: 6, arbitrary: fc.array(label, { minLength: 1, maxLength: 3 }).map((a) => a.join('.')) },
      { weight: 1, arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((a) => a.join('.')) },
      { weight: 1, arbitrary: fc.constantFrom('[::1]', '[2001:db8::7]', 'EXAMPLE.com') },
    ),
    port: fc.option(
      fc.nat(65535).map((p) => `:${p}`),
      { nil: '' },
    ),
    path: fc.array(pchars, { maxLength: 3 }).map((a) => a.map((s) => `/${s}`).join('')),
    query: fc.option(
      pchars.map((s) => `?${s}`),
      { nil: '' },
    ),
    fragment: fc.option(
      pchars.map((s) => `#${s}`),
      { nil: '' },
    ),
  })
  .map((u) => `${u.scheme}://${u.user}${u.host}${u.port}${u.path}${u.query}${u.fragment}`);
const badUri: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('ftp://example.com/x', 'mailto:', 'mailto:a@b.c', 'example.com', '//example.com', 'https://', 'http//x.com', ''),
  fc.tuple(validUri, fc.constantFrom('ftp', 'ws', 'file', 'urn', 'data')).map(([u, scheme]) => u.replace(/^[A-Za-z]+/, scheme)),
  fc.tuple(validUri, fc.nat(), fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u0001', '\u001f', '\u007f')).map(([u, at, c]) => {
    const i = at % (u.length + 1);
    return u.slice(0, i) + c + u.slice(i);
  }),
);

const b64chars = fc.constantFrom(...'ABCabc019+/'.split(''));
const b64quad = fc.array(b64chars, { minLength: 4, maxLength: 4 }).map((a) => a.join(''));
const validBase64: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(b64quad, { maxLength: 4 }),
    fc.oneof(
      fc.constant(''),
      fc.array(b64chars, { minLength: 2, maxLength: 2 }).map((a) => `${a.join('')}==`),
      fc.array(b64chars, { minLength: 3, maxLength: 3 }).map((a) => `${a.join('')}=`),
    ),
  )
  .map(([quads, tail]) => quads.join('') + tail);
const badBase64: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('aGk', 'a b', '====', 'aGk=\n', 'aG-_', 'a===', '=aGk', 'aGk==', 'aGk=aGk=x'),
  validBase64.map((s) => `${s}A`),
  fc.tuple(validBase64, fc.constantFrom(' ', '\n', '-', '_', '*')).map(([s, c]) => `${c}${s}`),
);

const formatArbs: { readonly [F in SchemaFormat]: { valid: fc.Arbitrary<string>; bad: fc.Arbitrary<string> } } = {
  'date-time': { valid: validDateTime, bad: badDateTime },
  token: { valid: validToken, bad: badToken },
  uri: { valid: validUri, bad: badUri },
  base64: { valid: validBase64, bad: badBase64 },
};

/** Does `v` have JSON type `t`? (A local copy of the rule, so the tests do not trust the engine.) */
function hasType(t: SchemaType, v: unknown): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
  }
}

function typesOf(schema: Schema): readonly SchemaType[] {
  if (schema.type === undefined) return ['null', 'boolean', 'integer', 'string', 'array', 'object'];
  return typeof schema.type === 'string' ? [schema.type] : schema.type;
}

const typeSamples: readonly unknown[] = [null, true, false, 0, 7, -1, 2.5, '', 'x', '7', [], [1], {}, { a: 1 }];

/** Values of some JSON type the schema does not allow. */
function wrongType(schema: Schema): Arb | undefined {
  if (schema.type === undefined) return undefined;
  const types = typesOf(schema);
  const wrong = typeSamples.filter((v) => !types.some((t) => hasType(t, v)));
  return wrong.length === 0 ? undefined : fc.constantFrom(...wrong);
}

/** Valid values of `schema` (by construction; rare combinations may still break a rule). */
export function validValue(schema: Schema): Arb {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const options = typesOf(schema).map((t) => validOfType(schema, t));
  return options.length === 1 ? (options[0] as Arb) : fc.oneof(...options);
}

function validOfType(schema: Schema, t: SchemaType): Arb {
  switch (t) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum === undefined ? -1000 : Math.ceil(schema.minimum);
      const max = schema.maximum === undefined ? min + 2000 : Math.floor(schema.maximum);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
    }
    case 'string':
      if (schema.format !== undefined) return formatArbs[schema.format].valid;
      return codePoints(schema.minLength ?? 0, schema.maxLength ?? Number.POSITIVE_INFINITY);
    case 'array':
      return validArray(schema);
    case 'object':
      return validObject(schema);
  }
}

function validArray(schema: Schema): fc.Arbitrary<unknown[]> {
  const item = schema.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : validValue(schema.items);
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? Number.POSITIVE_INFINITY;
  const top = Math.min(max, min + 4);
  const parts: fc.WeightedArbitrary<unknown[]>[] = [{ weight: 40, arbitrary: fc.array(item, { minLength: min, maxLength: top }) }];
  if (Number.isFinite(max) && max > top) {
    parts.push({ weight: max > 100 ? 1 : 4, arbitrary: item.map((x) => Array.from({ length: max }, () => x)) });
  }
  return fc.oneof(...parts);
}

interface ObjectDraft {
  /** A value for every declared property. */
  readonly values: ReadonlyMap<string, unknown>;
  readonly present: Set<string>;
  /** Extra keys (no `additionalProperties: false`). */
  readonly extra: readonly (readonly [string, unknown])[];
}

function objectDraft(schema: Schema): fc.Arbitrary<ObjectDraft> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = new Set(schema.required ?? []);
  const extra =
    schema.additionalProperties === false
      ? fc.constant([] as (readonly [string, unknown])[])
      : fc.array(fc.tuple(fc.oneof(fc.constantFrom(...unknownKeys), fc.string({ maxLength: 4 })), fc.jsonValue({ maxDepth: 2 })), {
          maxLength: 3,
        });
  return fc
    .tuple(fc.tuple(...names.map((k) => validValue(properties[k] as Schema))), fc.tuple(...names.map(() => fc.boolean())), fc.nat(), fc.nat(), extra)
    .map(([values, mask, anyChoice, oneChoice, extraEntries]) => {
      const present = new Set(names.filter((k, i) => required.has(k) || mask[i] === true));
      const draft: ObjectDraft = { values: new Map(names.map((k, i) => [k, values[i]])), present, extra: extraEntries };
      repair(schema, draft, anyChoice, oneChoice);
      return draft;
    });
}

/** Makes a draft satisfy dependentRequired, anyOf and oneOf (best effort). */
function repair(schema: Schema, draft: ObjectDraft, anyChoice: number, oneChoice: number): void {
  const present = draft.present;
  const required = new Set(schema.required ?? []);
  const forbidden = new Set<string>();
  if (schema.oneOf !== undefined && schema.oneOf.length > 0) {
    const chosen = schema.oneOf[oneChoice % schema.oneOf.length] as { readonly required: readonly string[] };
    for (const k of chosen.required) present.add(k);
    for (const branch of schema.oneOf) {
      if (branch === chosen) continue;
      const drop = branch.required.find((k) => !chosen.required.includes(k) && !required.has(k));
      if (drop !== undefined) forbidden.add(drop);
    }
  }
  if (schema.anyOf !== undefined && schema.anyOf.length > 0) {
    const satisfied = schema.anyOf.some((b) => b.required.every((k) => present.has(k) && !forbidden.has(k)));
    if (!satisfied) {
      const open = schema.anyOf.filter((b) => !b.required.some((k) => forbidden.has(k)));
      const chosen = open[anyChoice % Math.max(open.length, 1)];
      for (const k of chosen?.required ?? []) present.add(k);
    }
  }
  const dependent = schema.dependentRequired ?? {};
  for (let round = 0; round < 4; round++) {
    for (const k of forbidden) present.delete(k);
    for (const k of Object.keys(dependent)) {
      if (!present.has(k)) continue;
      const needs = dependent[k] ?? [];
      if (needs.some((d) => forbidden.has(d))) present.delete(k);
      else for (const d of needs) present.add(d);
    }
  }
}

function draftToObject(draft: ObjectDraft, overrides: ReadonlyMap<string, unknown> = new Map()): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [k, v] of draft.values) {
    if (overrides.has(k)) entries.push([k, overrides.get(k)]);
    else if (draft.present.has(k)) entries.push([k, v]);
  }
  for (const [k, v] of draft.extra) if (!draft.values.has(k)) entries.push([k, v]);
  return ownObject(entries);
}

function validObject(schema: Schema): Arb {
  return objectDraft(schema).map((d) => draftToObject(d));
}

/** Values one mutation away from valid, at the root or anywhere below it. */
export function nearValidValue(schema: Schema): Arb {
  const parts: fc.WeightedArbitrary<unknown>[] = [];
  const push = (weight: number, arbitrary: Arb | undefined) => {
    if (arbitrary !== undefined) parts.push({ weight, arbitrary });
  };
  push(1, wrongType(schema));
  const types = typesOf(schema);
  if (schema.enum !== undefined) push(2, fc.constantFrom(false, 'nope', 0, null, { pageBreak: true }));
  if (types.includes('integer') || types.includes('number')) push(3, badNumber(schema, types.includes('integer')));
  if (types.includes('string')) push(3, badString(schema));
  if (types.includes('array')) push(4, badArray(schema));
  if (types.includes('object')) push(6, badObject(schema));
  if (parts.length === 0) return validValue(schema);
  return fc.oneof(...parts);
}

function badNumber(schema: Schema, integer: boolean): Arb | undefined {
  const values: number[] = [];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum - 0.5, schema.minimum);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum + 0.5, schema.maximum);
  if (integer) values.push((schema.minimum ?? 0) + 0.5, (schema.minimum ?? 0) + 1.0, 1e21);
  values.push(-0);
  return fc.constantFrom(...values);
}

function badString(schema: Schema): Arb | undefined {
  const parts: fc.WeightedArbitrary<unknown>[] = [];
  const min = schema.minLength ?? 0;
  if (min > 0) parts.push({ weight: 40, arbitrary: fc.constantFrom('a', '😀', 'é').map((u) => u.repeat(min - 1)) });
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    const weight = max > huge ? 1 : 40;
    parts.push({ weight, arbitrary: fc.constantFrom('a', '😀', 'é').map((u) => u.repeat(max + 1)) });
    parts.push({ weight, arbitrary: fc.constant('😀'.repeat(max)) });
    if (max > huge) parts.push({ weight: 40, arbitrary: codePoints(0, 12) });
  }
  if (schema.format !== undefined) parts.push({ weight: 80, arbitrary: formatArbs[schema.format].bad });
  return parts.length === 0 ? undefined : fc.oneof(...parts);
}

function badArray(schema: Schema): Arb | undefined {
  const item = schema.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : validValue(schema.items);
  const parts: fc.WeightedArbitrary<unknown>[] = [];
  if (schema.minItems !== undefined && schema.minItems > 0) {
    const n = schema.minItems - 1;
    parts.push({ weight: 4, arbitrary: fc.array(item, { minLength: n, maxLength: n }) });
  }
  if (schema.maxItems !== undefined) {
    const n = schema.maxItems + 1;
    parts.push({ weight: n > 100 ? 2 : 4, arbitrary: item.map((x) => Array.from({ length: n }, () => x)) });
  }
  if (schema.items !== undefined) {
    const items = schema.items;
    parts.push(
      {
        weight: 4,
        arbitrary: fc.tuple(validArray(schema), nearValidValue(items), fc.nat()).map(([a, bad, at]) => {
          const copy = [...a];
          if (copy.length === 0) return copy;
          copy[at % copy.length] = bad;
          return copy;
        }),
      },
      {
        weight: 4,
        arbitrary: fc.tuple(validArray(schema), nearValidValue(items)).map(([a, bad]) => (a.length === 0 ? a : [...a.slice(1), bad])),
      },
    );
  }
  return parts.length === 0 ? undefined : fc.oneof(...parts);
}

function badObject(schema: Schema): Arb | undefined {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = schema.required ?? [];
  const draft = objectDraft(schema).map((d) => ({ ...d, present: new Set(d.present) }));
  const parts: fc.WeightedArbitrary<unknown>[] = [];
  if (required.length > 0) {
    parts.push({
      weight: 2,
      arbitrary: fc.tuple(draft, fc.constantFrom(...required)).map(([d, k]) => {
        d.present.delete(k);
        return draftToObject(d);
      }),
    });
  }
  if (schema.additionalProperties === false) {
    const key = fc.oneof(fc.constantFrom(...unknownKeys), fc.string({ maxLength: 3 })).filter((k) => !names.includes(k));
    parts.push({
      weight: 2,
      arbitrary: fc
        .tuple(draft, fc.array(fc.tuple(key, fc.jsonValue({ maxDepth: 1 })), { minLength: 1, maxLength: 3 }))
        .map(([d, extra]) => ownObject([...Object.entries(draftToObject(d)), ...extra])),
    });
  }
  const dependent = schema.dependentRequired ?? {};
  const withDeps = Object.keys(dependent).filter((k) => (dependent[k] ?? []).some((d) => !required.includes(d)));
  if (withDeps.length > 0) {
    parts.push({
      weight: 3,
      arbitrary: fc.tuple(draft, fc.constantFrom(...withDeps), fc.nat()).map(([d, k, at]) => {
        const needs = (dependent[k] ?? []).filter((x) => !required.includes(x));
        d.present.add(k);
        d.present.delete(needs[at % needs.length] as string);
        return draftToObject(d);
      }),
    });
  }
  for (const rule of [schema.anyOf, schema.oneOf]) {
    if (rule === undefined) continue;
    const keys = [...new Set(rule.flatMap((b) => b.required))];
    parts.push({
      weight: 3,
      arbitrary: fc.tuple(draft, fc.boolean()).map(([d, all]) => {
        for (const k of keys)
          if (all) d.present.add(k);
          else if (!required.includes(k)) d.present.delete(k);
        return draftToObject(d);
      }),
    });
  }
  for (const k of names) {
    parts.push({
      weight: 3,
      arbitrary: fc.tuple(draft, nearValidValue(properties[k] as Schema)).map(([d, bad]) => draftToObject(d, new Map([[k, bad]]))),
    });
  }
  return parts.length === 0 ? undefined : fc.oneof(...parts);
}

/** The input mix of the differential tests: valid values, near-valid mutations and a little random JSON. */
export function schemaInput(schema: Schema): Arb {
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema) },
    { weight: 5, arbitrary: nearValidValue(schema) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** `count` inputs for `schema`, reproducible from `seed`. */
export function sampleInputs(schema: Schema, count: number, seed: number): unknown[] {
  return fc.sample(schemaInput(schema), { seed, numRuns: count });
}
