import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostileValue } from '@xcap/test-support';
import { canonicalJson } from '../src/index.js';

describe('canonicalJson: RFC 8785 examples', () => {
  it('the §3.2.4 example: key order, number forms, string escapes', () => {
    const input =
      '{\n  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}';
    expect(canonicalJson(JSON.parse(input))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });
  it('the §3.2.3 sorting example: keys by UTF-16 code units, non-ASCII included', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const order = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'];
    const text = canonicalJson(input);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['1', '\r', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    expect(text).toBe(`{${order.map((key) => `${JSON.stringify(key)}:${JSON.stringify(input[key as keyof typeof input])}`).join(',')}}`);
    expect(text.startsWith('{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö"')).toBe(true);
  });
  it('an astral key (a surrogate pair) sorts by its code units, before U+FB33 though its code point is higher', () => {
    expect(canonicalJson({ '\ufb33': 1, '\u{1f600}': 2 })).toBe('{"\u{1f600}":2,"\ufb33":1}');
  });
  const numbers: [string, string][] = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  for (const [bits, expected] of numbers) {
    it(`number 0x${bits} → ${expected}`, () => {
      const value = new DataView(Uint8Array.from(bits.match(/../g) ?? [], (h) => parseInt(h, 16)).buffer).getFloat64(0);
      expect(canonicalJson(value)).toBe(expected);
      expect(canonicalJson([value])).toBe(`[${expected}]`);
    });
  }
  it('the briefer forms: 1e-7, -0, integers', () => {
    expect(canonicalJson(1e-7)).toBe('1e-7');
    expect(canonicalJson(-0)).toBe('0');
    expect(canonicalJson({ a: -0 })).toBe('{"a":0}');
    expect(canonicalJson(100)).toBe('100');
    expect(canonicalJson(1e21)).toBe('1e+21');
    expect(canonicalJson(123e-20)).toBe('1.23e-18');
  });
  it('non-finite numbers are errors', () => {
    for (const bad of [NaN, Infinity, -Infinity]) {
      expect(() => canonicalJson(bad)).toThrow(TypeError);
      expect(() => canonicalJson({ n: [bad] })).toThrow(/non-finite number \((NaN|-?Infinity)\) at \/n\/0/);
    }
  });
});

describe('canonicalJson: strings', () => {
  it('escapes the control characters U+0000–U+001F, short forms where JSON has them, lowercase hex otherwise', () => {
    expect(canonicalJson('\u0000\u0001\u0007\b\t\n\u000b\f\r\u000e\u001f')).toBe('"\\u0000\\u0001\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u001f"');
  });
  it('escapes " and \\ and nothing else: / DEL, U+0080–U+009F, U+2028/U+2029 and astral characters stay as they are', () => {
    expect(canonicalJson('"\\/\u007f\u0080\u009f\u2028\u2029é😀')).toBe('"\\"\\\\/\u007f\u0080\u009f\u2028\u2029é😀"');
  });
  it('keys are escaped like values', () => {
    expect(canonicalJson({ 'a\nb': 1, '"': 2 })).toBe('{"\\"":2,"a\\nb":1}');
  });
  it('a lone surrogate is an error (RFC 8785 §3.2.2.2), in values and keys', () => {
    expect(() => canonicalJson('\ud800')).toThrow(/lone surrogate at \//);
    expect(() => canonicalJson({ a: ['x', 'y\udc00'] })).toThrow(/lone surrogate at \/a\/1/);
    expect(() => canonicalJson({ ['\udead']: 1 })).toThrow(/key with a lone surrogate/);
    expect(canonicalJson('\ud83d\ude00')).toBe('"😀"');
  });
});

describe('canonicalJson: structure', () => {
  it('nested objects and arrays, sorted at every level, arrays kept in order', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: [] }, 1], a: { d: {}, c: null } })).toBe('{"a":{"c":null,"d":{}},"b":[3,{"a":[],"z":1},1]}');
  });
  it('skips undefined members like JSON', () => {
    expect(canonicalJson({ a: undefined, b: 1, c: undefined })).toBe('{"b":1}');
    expect(canonicalJson({ a: undefined })).toBe('{}');
  });
  it('accepts null-prototype objects', () => {
    const o = Object.create(null) as Record<string, number>;
    o.b = 1;
    o.a = 2;
    expect(canonicalJson(o)).toBe('{"a":2,"b":1}');
  });
  it('an own "__proto__" key (from JSON.parse) is an ordinary key', () => {
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":1}'))).toBe('{"__proto__":{"x":1},"a":1}');
  });
  it('ignores symbol keys like JSON', () => {
    expect(canonicalJson({ a: 1, [Symbol('s')]: 2 })).toBe('{"a":1}');
  });
  const rejected: [string, unknown, RegExp][] = [
    ['a function', { a: { f: () => 1 } }, /a function at \/a\/f/],
    ['a symbol value', [Symbol('x')], /a symbol at \/0/],
    ['a bigint', { n: 1n }, /a bigint at \/n/],
    ['undefined at the top', undefined, /undefined at \//],
    ['undefined in an array', [1, undefined], /undefined at \/1/],
    ['a hole in an array', [1, , 2], /undefined at \/1/],
    ['a Date', { when: new Date(0) }, /a Date at \/when is not a plain object/],
    ['a Map', new Map(), /a Map at \/ is not a plain object/],
    ['a boxed string', [new String('x')], /a String at \/0/],
    ['a class instance', { x: new (class Point {})() }, /a Point at \/x/],
    ['a pointer with ~ and /', { 'a/b': { '~': NaN } }, /at \/a~1b\/~0/],
    ['a pointer through an empty key', { '': { b: NaN } }, /at \/\/b$/],
  ];
  for (const [name, value, message] of rejected) {
    it(`rejects ${name} with the pointer`, () => {
      expect(() => canonicalJson(value)).toThrow(TypeError);
      expect(() => canonicalJson(value)).toThrow(message);
    });
  }
  it('rejects cycles, shallow and deep', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => canonicalJson(a)).toThrow(/a cycle at \/self/);
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 200; i++) {
      const next: Record<string, unknown> = {};
      cursor.n = next;
      cursor = next;
    }
    cursor.back = deep;
    expect(() => canonicalJson(deep)).toThrow(/a cycle at/);
  });
  it('the same object twice (no cycle) is fine', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared, shared] })).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
  });
  it('handles any finite nesting: the walk has no stack to run out of', () => {
    expect(canonicalJson(JSON.parse(`${'['.repeat(1000)}1${']'.repeat(1000)}`))).toBe(`${'['.repeat(1000)}1${']'.repeat(1000)}`);
    const text = `${'['.repeat(200000)}${']'.repeat(200000)}`;
    expect(canonicalJson(JSON.parse(text))).toBe(text);
  });
});

describe('canonicalJson: properties', () => {
  const reference = (value: unknown): string =>
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
    );
  const json = fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 4 });
  it('equals JSON.stringify of the key-sorted value (well-formed strings)', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });
  it('is a fixed point: parsing and re-serialising gives the same text', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
  it('ignores key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'grapheme' }), fc.jsonValue({ maxDepth: 2 })), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
      }),
      { numRuns: 300 },
    );
  });
  it('throws only TypeErrors on arbitrary values', () => {
    fc.assert(
      fc.property(hostileValue({ loneSurrogates: true }), (value) => {
        try {
          canonicalJson(value);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('canonicalJson: many keys', () => {
  it('sorts objects with more than 16 keys (the built-in sort path) by code units', () => {
    const keys = Array.from({ length: 40 }, (_, i) => ['b', 'B', 'é', '😀', '\ufb33', '10', '9', '_'][i % 8] + String(i));
    const object = Object.fromEntries(keys.map((key, i) => [key, i]));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(canonicalJson(object)).toBe(`{${sorted.map((key) => `${JSON.stringify(key)}:${object[key]}`).join(',')}}`);
  });
  it('integer-like keys sort as strings, not numerically', () => {
    expect(canonicalJson({ 9: 'a', 10: 'b', 1: 'c', a: 'd' })).toBe('{"1":"c","10":"b","9":"a","a":"d"}');
  });
  it('long strings and strings needing escapes take the JSON.stringify path and agree with it', () => {
    const long = 'x"y\\z\n'.repeat(100);
    expect(canonicalJson({ s: long })).toBe(`{"s":${JSON.stringify(long)}}`);
    expect(() => canonicalJson('a'.repeat(300) + '\ud800')).toThrow(/lone surrogate/);
  });
});
