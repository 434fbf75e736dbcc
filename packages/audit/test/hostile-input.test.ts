import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { argsHash, brokerAuditRow, canonicalJson, clipToolName, isOverlongToolName } from '../src/index.js';

/** `{"a":{"a":…{"a":leaf}…}}` with `depth` objects, built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The canonical text of `nested(depth, leaf)` for a leaf that prints as `leafText`. */
function nestedText(depth: number, leafText: string): string {
  return `${'{"a":'.repeat(depth)}${leafText}${'}'.repeat(depth)}`;
}

const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('canonical JSON and argsHash at any depth', () => {
  it('hashes 100,000 levels of objects exactly', () => {
    expect(argsHash(nested(100_000, 1))).toBe(sha(nestedText(100_000, '1')));
  });

  it('hashes 100,000 levels of arrays exactly', () => {
    const text = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    expect(canonicalJson(JSON.parse(text))).toBe(text);
  });

  it('gives two different 20,000-deep arguments different hashes', () => {
    expect(argsHash(nested(20_000, 1))).not.toBe(argsHash(nested(20_000, 2)));
  });

  it('names the pointer of a bad value deep down', () => {
    expect(() => canonicalJson(nested(5_000, Number.NaN))).toThrow(`a non-finite number (NaN) at ${'/a'.repeat(5_000)}`);
  });

  it('finds a cycle deep down without running out of stack', () => {
    const root: Record<string, unknown> = {};
    let cursor = root;
    for (let i = 0; i < 10_000; i++) {
      const next: Record<string, unknown> = {};
      cursor.n = next;
      cursor = next;
    }
    cursor.back = root;
    expect(() => canonicalJson(root)).toThrow(/a cycle at \/n\/n/);
  });

  it('deep values agree with JSON.stringify of the sorted value (fc.letrec)', () => {
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.jsonValue({ maxDepth: 0 }), tie('node')),
      node: fc.oneof(fc.array(tie('tree'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), tie('tree'), { maxKeys: 3 })),
    }));
    const sorted = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(sorted).join(',')}]`;
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${keys.map((key) => `${JSON.stringify(key)}:${sorted((value as Record<string, unknown>)[key])}`).join(',')}}`;
    };
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 2_000 }), (value, depth) => {
        const deep = nested(depth, value);
        expect(canonicalJson(deep)).toBe(sorted(deep));
      }),
      { numRuns: 100 },
    );
  });
});

describe('sparse arrays fail fast', () => {
  it('refuses a hole at once, even in an array of 2^32 - 1 slots', () => {
    expect(() => argsHash({ a: new Array(2 ** 32 - 1) })).toThrow('canonicalJson: undefined at /a/0 is not a JSON value');
  });

  it('names the first hole after the dense part', () => {
    const array: unknown[] = [1, 2, 3];
    array.length = 10_000_000;
    expect(() => canonicalJson({ list: array })).toThrow('undefined at /list/3 is not a JSON value');
  });
});

describe('only plain objects', () => {
  it('refuses an object whose prototype is an object with a null prototype', () => {
    const value = Object.create(Object.create(null) as object) as Record<string, unknown>;
    value.x = 1;
    expect(() => canonicalJson({ v: value })).toThrow('canonicalJson: an object at /v is not a plain object or array');
  });

  it('keeps accepting objects with a null prototype', () => {
    const value = Object.create(null) as Record<string, unknown>;
    value.x = 1;
    expect(canonicalJson(value)).toBe('{"x":1}');
  });
});

describe('tool names longer than 128 code points (clarification 21)', () => {
  const verdict = { verdict: 'unknown', capability: null, tool: null, scope: null, reason: 'unknownTool' } as const;
  const rowOf = (from: 'ui' | 'agent', name: string) =>
    brokerAuditRow({ appId: 'a', client: from === 'ui' ? null : 'run-1', call: { from, name }, verdict, outcome: null });

  it('a name of 128 code points is carried whole, qualified', () => {
    expect(rowOf('ui', `a_${'b'.repeat(126)}`).tool).toBe(`a__${'b'.repeat(126)}`);
    expect(clipToolName('😀'.repeat(128))).toBe('😀'.repeat(128));
  });

  it('a longer one as the first 128 code points of its audit spelling and …', () => {
    expect(rowOf('ui', `a_${'b'.repeat(127)}`).tool).toBe(`a__${'b'.repeat(125)}…`);
    expect(rowOf('agent', '😀'.repeat(129)).tool).toBe(`${'😀'.repeat(128)}…`);
    expect(isOverlongToolName('😀'.repeat(129))).toBe(true);
    expect(isOverlongToolName('😀'.repeat(128))).toBe(false);
  });

  it('a 100 MB name makes a 129-character row', () => {
    expect(rowOf('agent', 'x'.repeat(100_000_000)).tool).toHaveLength(129);
  });
});
