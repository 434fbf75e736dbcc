/**
 * The interpreter `checkValue`: each keyword of the subset, the spec's order
 * of checks, pointers, own-keys-only, defaults, and schemas outside the
 * subset.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, Schema } from '../src/catalog-types.js';
import { applyDefaults, checkValue, formatViolation, pointerToken, rootViolation, schemaKeywords } from '../src/schema/index.js';
import { fixtureDoc } from './fixture.js';

/** The validator subset as the `$comment` lists it after "with the subset": the keyword(s) opening each `·` item (`a`/`b` both), the parenthesised remarks left out. */
const specSubset = (): string[] => {
  const comment = String(fixtureDoc()['$comment']);
  const from = comment.indexOf('with the subset ');
  const list = comment.slice(from + 'with the subset '.length, comment.indexOf('; checked in that order', from)).replace(/\([^)]*\)/g, '');
  return list.split(' · ').flatMap((item) => /^`\w+[^`]*`(?:\/`\w+`)*/.exec(item.trim())?.[0].match(/(?<=`)\w+/g) ?? []);
};

/** The first violation as the spec prints it, or `ok`. */
const first = (schema: Schema, value: unknown) => {
  const v = checkValue(schema, value);
  return v === null ? 'ok' : formatViolation(v);
};

describe('type', () => {
  it('integer is a number without a fractional part; 1.0 is 1', () => {
    const s: Schema = { type: 'integer' };
    expect(first(s, 1)).toBe('ok');
    expect(first(s, 1.0)).toBe('ok');
    expect(first(s, -0)).toBe('ok');
    expect(first(s, 1e21)).toBe('ok');
    expect(first(s, 1.5)).toBe('/ type');
    expect(first(s, '1')).toBe('/ type');
  });
  it('booleans are never numbers', () => {
    expect(first({ type: 'integer' }, true)).toBe('/ type');
    expect(first({ type: 'number' }, false)).toBe('/ type');
    expect(first({ type: 'number' }, 2.5)).toBe('ok');
    expect(first({ type: 'boolean' }, 0)).toBe('/ type');
  });
  it('NaN and Infinity (impossible in JSON) are not numbers and do not crash', () => {
    for (const t of ['number', 'integer'] as const) {
      expect(first({ type: t }, Number.NaN)).toBe('/ type');
      expect(first({ type: t }, Number.POSITIVE_INFINITY)).toBe('/ type');
      expect(first({ type: t }, Number.NEGATIVE_INFINITY)).toBe('/ type');
    }
    expect(first({ minimum: 0, maximum: 1 }, Number.NaN)).toBe('ok');
    expect(first({ maximum: 1 }, Number.POSITIVE_INFINITY)).toBe('/ maximum');
  });
  it('null, array and object are told apart', () => {
    expect(first({ type: 'object' }, null)).toBe('/ type');
    expect(first({ type: 'object' }, [])).toBe('/ type');
    expect(first({ type: 'array' }, {})).toBe('/ type');
    expect(first({ type: 'null' }, null)).toBe('ok');
    expect(first({ type: 'null' }, undefined)).toBe('/ type');
  });
  it('a list of types accepts any of them', () => {
    const s: Schema = { type: ['string', 'null'], maxLength: 2, format: 'token' };
    expect(first(s, null)).toBe('ok');
    expect(first(s, 'ab')).toBe('ok');
    expect(first(s, 'abc')).toBe('/ maxLength');
    expect(first(s, 'a b')).toBe('/ maxLength');
    expect(first(s, 'a!')).toBe('/ format');
    expect(first(s, 3)).toBe('/ type');
  });
  it('a schema without type applies each keyword only to values of its kind', () => {
    const s: Schema = { minLength: 2, minimum: 5, minItems: 1, required: ['a'], format: 'uri' };
    expect(first(s, null)).toBe('ok');
    expect(first(s, true)).toBe('ok');
    expect(first(s, 'x')).toBe('/ minLength');
    expect(first(s, 'xy')).toBe('/ format');
    expect(first(s, 4)).toBe('/ minimum');
    expect(first(s, [])).toBe('/ minItems');
    expect(first(s, {})).toBe('/a required');
  });
});

describe('numbers and lengths', () => {
  it('minimum and maximum are inclusive, minimum first', () => {
    const s: Schema = { type: 'number', minimum: 1, maximum: 50 };
    expect(first(s, 1)).toBe('ok');
    expect(first(s, 50)).toBe('ok');
    expect(first(s, 0.999)).toBe('/ minimum');
    expect(first(s, 50.001)).toBe('/ maximum');
    expect(first({ minimum: 10, maximum: 0 }, 5)).toBe('/ minimum');
  });
  it('integer type before minimum', () => {
    expect(first({ type: 'integer', minimum: 1 }, 0.5)).toBe('/ type');
  });
  it('minLength and maxLength count code points (😀 is one)', () => {
    const s: Schema = { type: 'string', minLength: 2, maxLength: 3 };
    expect(first(s, '😀😀😀')).toBe('ok');
    expect(first(s, '😀😀😀😀')).toBe('/ maxLength');
    expect(first(s, '😀')).toBe('/ minLength');
    expect(first({ type: 'string', maxLength: 1 }, '😀')).toBe('ok');
    expect(first({ type: 'string', minLength: 2 }, '😀')).toBe('/ minLength');
    expect(first({ type: 'string', minLength: 0 }, '')).toBe('ok');
    expect(first({ type: 'string', maxLength: 0 }, '')).toBe('ok');
    expect(first({ type: 'string', maxLength: 0 }, 'a')).toBe('/ maxLength');
  });
  it('minLength before maxLength, both before enum, enum before format', () => {
    const s: Schema = { type: 'string', minLength: 2, maxLength: 2, enum: ['zz', 'a', 'abc'], format: 'base64' };
    expect(first(s, 'a')).toBe('/ minLength');
    expect(first(s, 'abc')).toBe('/ maxLength');
    expect(first(s, 'xy')).toBe('/ enum');
    expect(first(s, 'zz')).toBe('/ format');
  });
});

describe('enum', () => {
  it('uses deep JSON equality, key order ignored', () => {
    const s: Schema = { enum: [{ a: 1, b: [1, { c: null }] }, [1, 2], 'x', 3, null, false] };
    expect(first(s, { b: [1, { c: null }], a: 1 })).toBe('ok');
    expect(first(s, { a: 1, b: [1, { c: null }], d: 1 })).toBe('/ enum');
    expect(first(s, { a: 1, b: [1, { c: 0 }] })).toBe('/ enum');
    expect(first(s, { a: 1 })).toBe('/ enum');
    expect(first(s, [1, 2])).toBe('ok');
    expect(first(s, [2, 1])).toBe('/ enum');
    expect(first(s, [1, 2, 3])).toBe('/ enum');
    expect(first(s, 'x')).toBe('ok');
    expect(first(s, 3.0)).toBe('ok');
    expect(first(s, null)).toBe('ok');
    expect(first(s, false)).toBe('ok');
    expect(first(s, 0)).toBe('/ enum');
    expect(first(s, '3')).toBe('/ enum');
    expect(first(s, {})).toBe('/ enum');
  });
  it('an object is not equal to an array with the same entries', () => {
    expect(first({ enum: [[1]] }, { 0: 1 })).toBe('/ enum');
    expect(first({ enum: [{ 0: 1 }] }, [1])).toBe('/ enum');
  });
  it('applies after the type check (pageBreak: false)', () => {
    expect(first({ type: 'boolean', enum: [true] }, false)).toBe('/ enum');
    expect(first({ type: 'boolean', enum: [true] }, 'true')).toBe('/ type');
  });
});

describe('objects: the order required, unknown keys, properties, dependentRequired, anyOf, oneOf', () => {
  const s: Schema = {
    type: 'object',
    properties: {
      b: { type: 'string' },
      a: { type: 'integer' },
      c: { type: 'boolean' },
      d: { type: 'boolean' },
    },
    required: ['b', 'a'],
    additionalProperties: false,
    dependentRequired: { c: ['d'], d: ['c'] },
    anyOf: [{ required: ['c'] }, { required: ['d'] }],
    oneOf: [{ required: ['a'] }, { required: ['c'] }],
  };
  it('required in listed order', () => {
    expect(first(s, {})).toBe('/b required');
    expect(first(s, { b: 'x' })).toBe('/a required');
  });
  it('unknown keys after required, the first in UTF-16 code unit order', () => {
    expect(first(s, { zz: 1, a: 1 })).toBe('/b required');
    expect(first(s, { b: 'x', a: 1, zz: 1, Zz: 1, '😀': 1, ÿ: 1 })).toBe('/Zz additionalProperties');
    expect(first(s, { b: 'x', a: 1, '😀': 1, '\uffff': 1 })).toBe('/😀 additionalProperties');
  });
  it('unknown keys before the properties, properties in schema order', () => {
    expect(first(s, { b: 1, a: 'x', q: 1 })).toBe('/q additionalProperties');
    expect(first(s, { a: 'x', b: 1 })).toBe('/b type');
    expect(first(s, { b: 'x', a: 'x', c: 1 })).toBe('/a type');
  });
  it('dependentRequired after the properties, in its key order, pointing at the missing key', () => {
    expect(first(s, { b: 'x', a: 1, c: 1 })).toBe('/c type');
    expect(first(s, { b: 'x', a: 1, d: true })).toBe('/c dependentRequired');
    expect(first(s, { b: 'x', a: 1, c: true })).toBe('/d dependentRequired');
  });
  it('anyOf, then oneOf (exactly one)', () => {
    expect(first(s, { b: 'x', a: 1 })).toBe('/ anyOf');
    expect(first(s, { b: 'x', a: 1, c: true, d: true })).toBe('/ oneOf');
    expect(first({ oneOf: [{ required: ['a'] }, { required: ['b'] }] }, {})).toBe('/ oneOf');
    expect(first({ oneOf: [{ required: ['a'] }, { required: ['b'] }] }, { b: 1 })).toBe('ok');
    expect(first({ anyOf: [{ required: ['a', 'b'] }] }, { a: 1 })).toBe('/ anyOf');
    expect(first({ anyOf: [{ required: ['a', 'b'] }] }, { a: 1, b: 2 })).toBe('ok');
  });
  it('without additionalProperties: false unknown keys are allowed', () => {
    expect(first({ type: 'object', properties: { a: { type: 'string' } } }, { z: 1, a: 'x' })).toBe('ok');
  });
  it('dependentRequired keys are checked in their own order', () => {
    const d: Schema = { dependentRequired: { y: ['b'], x: ['a'] } };
    expect(first(d, { x: 1, y: 1 })).toBe('/b dependentRequired');
    expect(first(d, { x: 1, y: 1, b: 1 })).toBe('/a dependentRequired');
    expect(first({ dependentRequired: { x: ['b', 'a'] } }, { x: 1 })).toBe('/b dependentRequired');
  });
});

describe('own keys only', () => {
  const s: Schema = {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  };
  it('__proto__, constructor and toString are ordinary unknown keys', () => {
    expect(first(s, JSON.parse('{"id":"x","__proto__":1}'))).toBe('/__proto__ additionalProperties');
    expect(first(s, JSON.parse('{"id":"x","constructor":{}}'))).toBe('/constructor additionalProperties');
    expect(first(s, { id: 'x', toString: 'y' })).toBe('/toString additionalProperties');
  });
  it('inherited properties never satisfy required', () => {
    expect(first({ required: ['toString'] }, {})).toBe('/toString required');
    expect(first({ required: ['constructor'] }, {})).toBe('/constructor required');
    expect(first({ required: ['id'] }, Object.create({ id: 'x' }))).toBe('/id required');
    expect(first({ anyOf: [{ required: ['valueOf'] }] }, {})).toBe('/ anyOf');
    expect(first({ dependentRequired: { toString: ['a'] } }, {})).toBe('ok');
  });
  it('a declared property named like a prototype member is checked only when own', () => {
    const p: Schema = { properties: { constructor: { type: 'string' }, ['__proto__']: { type: 'string' } } as Schema['properties'] };
    expect(first(p, {})).toBe('ok');
    expect(first(p, { constructor: 1 })).toBe('/constructor type');
    expect(first(p, JSON.parse('{"__proto__":1}'))).toBe('/__proto__ type');
  });
  it('a key is present only as an own enumerable property (what JSON and Object.keys see)', () => {
    const hidden = Object.defineProperty({}, 'id', { value: 'x', enumerable: false });
    expect(first(s, hidden)).toBe('/id required');
    expect(first({ additionalProperties: false }, Object.defineProperty({}, 'q', { value: 1, enumerable: false }))).toBe('ok');
    expect(first({ required: ['s'] }, { [Symbol('s')]: 1 })).toBe('/s required');
  });
  it('inherited enumerable keys are neither present nor unknown', () => {
    const child = Object.create({ id: 'x', extra: 1 }) as object;
    expect(first(s, child)).toBe('/id required');
    expect(first({ additionalProperties: false }, child)).toBe('ok');
  });
  it('objects without a prototype work', () => {
    const o = Object.create(null) as Record<string, unknown>;
    o['id'] = 'x';
    expect(first(s, o)).toBe('ok');
  });
});

describe('arrays and pointers', () => {
  const s: Schema = {
    type: 'object',
    properties: {
      blocks: {
        type: 'array',
        minItems: 1,
        maxItems: 5,
        items: { type: 'object', properties: { caption: { type: 'string', minLength: 1 } } },
      },
    },
  };
  it('minItems, maxItems, then each item in order', () => {
    expect(first(s, { blocks: [] })).toBe('/blocks minItems');
    expect(first(s, { blocks: [1, 2, 3, 4, 5, 6] })).toBe('/blocks maxItems');
    expect(first(s, { blocks: [{}, {}, {}, { caption: '' }, 7] })).toBe('/blocks/3/caption minLength');
    expect(first(s, { blocks: [{}, 7, { caption: '' }] })).toBe('/blocks/1 type');
  });
  it('nested arrays carry every index', () => {
    const m: Schema = { items: { items: { type: 'integer' } } };
    expect(first(m, [[1], [2, 3, 'x']])).toBe('/1/2 type');
    expect(first(m, [[1], [], [1, 1.5]])).toBe('/2/1 type');
  });
  it('holes of a sparse array are undefined items', () => {
    expect(first({ items: { type: 'integer' } }, [1, , 3])).toBe('/1 type');
  });
  it('escapes ~ and / in the pointer (RFC 6901), ~ first', () => {
    const e: Schema = { properties: { 'a/b': { type: 'string' }, 'm~n': { type: 'string' }, '~1': { type: 'string' } } };
    expect(first(e, { 'a/b': 1 })).toBe('/a~1b type');
    expect(first(e, { 'm~n': 1 })).toBe('/m~0n type');
    expect(first(e, { '~1': 1 })).toBe('/~01 type');
    expect(first({ additionalProperties: false }, { '/~': 1 })).toBe('/~1~0 additionalProperties');
    expect(first({ required: ['x/y'] }, {})).toBe('/x~1y required');
    expect(first({ dependentRequired: { a: ['~'] } }, { a: 1 })).toBe('/~0 dependentRequired');
  });
  it('the root is /', () => {
    expect(checkValue({ type: 'object' }, 1)).toStrictEqual({ pointer: '/', keyword: 'type' });
    expect(checkValue({ items: { type: 'string' } }, [1])).toStrictEqual({ pointer: '/0', keyword: 'type' });
  });
});

describe('helpers shared with generated code', () => {
  it('pointerToken escapes ~ then /', () => {
    expect(pointerToken('plain')).toBe('plain');
    expect(pointerToken('a/b~c')).toBe('a~1b~0c');
    expect(pointerToken('~1')).toBe('~01');
  });
  it('rootViolation turns the relative form into the spec form', () => {
    expect(rootViolation(' oneOf')).toStrictEqual({ pointer: '/', keyword: 'oneOf' });
    expect(rootViolation('/a b required')).toStrictEqual({ pointer: '/a b', keyword: 'required' });
    expect(rootViolation('/ type')).toStrictEqual({ pointer: '/', keyword: 'type' });
  });
  it('formatViolation prints pointer then keyword', () => {
    expect(formatViolation({ pointer: '/blocks/3/caption', keyword: 'minLength' })).toBe('/blocks/3/caption minLength');
  });
});

describe('applyDefaults', () => {
  const s: Schema = {
    type: 'object',
    properties: {
      limit: { type: 'integer', default: 50 },
      opts: { type: 'object', default: { a: [1] }, properties: { deep: { type: 'string', default: 'no' } } },
      name: { type: 'string' },
    },
  };
  it('fills missing top-level defaults, keeps given values, answers a copy', () => {
    const input: JsonObject = Object.freeze({ name: 'x' });
    const out = applyDefaults(s, input);
    expect(out).toStrictEqual({ name: 'x', limit: 50, opts: { a: [1] } });
    expect(out).not.toBe(input);
    expect(applyDefaults(s, { limit: 3, opts: {} })).toStrictEqual({ limit: 3, opts: {} });
  });
  it('copies default values, so changing an answer never changes the schema', () => {
    const out = applyDefaults(s, {});
    ((out['opts'] as JsonObject)['a'] as number[]).push(2);
    expect(applyDefaults(s, {})['opts']).toStrictEqual({ a: [1] });
  });
  it('counts only own keys as present', () => {
    expect(applyDefaults(s, JSON.parse('{"__proto__":{"limit":1}}'))).toMatchObject({ limit: 50 });
    const withProto = applyDefaults({ properties: { ['__proto__']: { default: 1 } } }, {});
    expect(Object.hasOwn(withProto, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
  });
  it('keeps an own __proto__ key of the input as an own key, never as the prototype', () => {
    const out = applyDefaults(s, JSON.parse('{"__proto__":1}'));
    expect(Object.keys(out)).toStrictEqual(['__proto__', 'limit', 'opts']);
    const withObject = applyDefaults(s, JSON.parse('{"__proto__":{"polluted":true}}'));
    expect(Object.getPrototypeOf(withObject)).toBe(Object.prototype);
    expect(withObject['__proto__']).toStrictEqual({ polluted: true });
    expect((withObject as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('schemas outside the subset are refused with the location, never ignored', () => {
  it('names an unknown keyword', () => {
    expect(() => checkValue({ properties: { a: { pattern: 'x' } } } as unknown as Schema, {})).toThrow(
      /#\/properties\/a\/pattern.*not in the validator subset/,
    );
  });
  it('names an unknown format or type', () => {
    expect(() => checkValue({ format: 'email' } as unknown as Schema, 'x')).toThrow(/format/);
    expect(() => checkValue({ type: 'float' } as unknown as Schema, 1)).toThrow(/type/);
  });
  it('refuses additionalProperties other than false and malformed anyOf', () => {
    expect(() => checkValue({ additionalProperties: true } as unknown as Schema, {})).toThrow(/additionalProperties/);
    expect(() => checkValue({ anyOf: [{ type: 'string' }] } as unknown as Schema, {})).toThrow(/anyOf\/0/);
    expect(() => checkValue({ maxLength: -1 }, '')).toThrow(/maxLength/);
  });
  it('lists exactly the subset the spec names and the two annotations', () => {
    expect([...schemaKeywords].sort()).toStrictEqual([...specSubset(), 'default', 'description'].sort());
  });
  it('accepts the annotations without a rule', () => {
    expect(first({ type: 'string', description: 'd', default: 'x' }, 'y')).toBe('ok');
  });
});

describe('compilation is cached per schema object', () => {
  it('answers the same for repeated calls and distinct schema objects', () => {
    const a: Schema = { type: 'string', maxLength: 1 };
    const b: Schema = { type: 'string', maxLength: 2 };
    for (let i = 0; i < 3; i++) {
      expect(first(a, 'xy')).toBe('/ maxLength');
      expect(first(b, 'xy')).toBe('ok');
    }
  });
});
