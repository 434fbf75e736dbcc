import { describe, it, expect } from 'vitest';
import { refusalText, resolveNative, snapshotArguments } from '../src/index.js';

const verdict = (kind: 'denied' | 'unknown' | 'unavailable' | 'call', reason: string | null) =>
  ({ verdict: kind, capability: null, tool: null, scope: null, reason }) as never;

describe('refusalText', () => {
  it('spells each refusal', () => {
    expect(refusalText(verdict('denied', 'needsForeground'))).toBe('denied: needsForeground');
    expect(refusalText(verdict('unavailable', 'unavailable'))).toBe('unavailable');
    expect(refusalText(verdict('unknown', 'unknownTool'))).toBe('unknownTool');
  });
  it('refuses a verdict that is no refusal', () => {
    expect(() => refusalText(verdict('call', null))).toThrow(TypeError);
  });
});

describe('snapshotArguments', () => {
  it('copies JSON data: own enumerable data members, __proto__ as an ordinary key, lone surrogates kept, undefined members left out', () => {
    const source = JSON.parse('{"__proto__":{"x":1},"s":"a\\ud800b","n":[1,{"b":true}],"z":null}') as Record<string, unknown>;
    source.u = undefined;
    const snapshot = snapshotArguments(source);
    expect(snapshot).toEqual({ ok: true, value: JSON.parse('{"__proto__":{"x":1},"s":"a\\ud800b","n":[1,{"b":true}],"z":null}') });
    expect(Object.getPrototypeOf(snapshot.value)).toBe(Object.prototype);
    expect(Object.keys(snapshot.value as object)).toEqual(['__proto__', 's', 'n', 'z']);
    expect(snapshot.value).not.toBe(source);
    expect(snapshotArguments(undefined)).toEqual({ ok: true, value: undefined });
  });

  it('is not ok for anything that is not JSON data, replacing it with null in the copy', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const shared = { k: 1 };
    const cases: [unknown, unknown][] = [
      [{ d: new Date(0) }, { d: null }],
      [{ n: 1n }, { n: null }],
      [{ f: () => 1 }, { f: null }],
      [{ i: Infinity }, { i: null }],
      [
        {
          g: 1,
          get x() {
            return 1;
          },
        },
        { g: 1, x: null },
      ],
      [cyclic, { a: 1, self: null }],
      [
        { a: shared, b: shared },
        { a: { k: 1 }, b: null },
      ],
      [[1, undefined, 2], []],
      [new Proxy({}, {}), null],
      [Object.create(Object.create(null) as object), null],
      [Symbol('s'), null],
    ];
    for (const [value, copy] of cases) expect(snapshotArguments(value)).toEqual({ ok: false, value: copy });
  });

  it('never runs a getter, a Proxy trap or toJSON, and ignores inherited members', () => {
    let ran = 0;
    const proxy = new Proxy({}, { ownKeys: () => (ran++, []), get: () => (ran++, 1) });
    snapshotArguments({
      p: proxy,
      get g() {
        ran++;
        return 1;
      },
      toJSON: undefined,
    });
    snapshotArguments({ d: { toJSON: () => (ran++, 1) } });
    expect(ran).toBe(0);
    expect(snapshotArguments(Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false }))).toEqual({ ok: true, value: { a: 1 } });
  });

  it('stops a sparse array at its first hole', () => {
    expect(snapshotArguments({ a: new Array(2 ** 32 - 1) })).toEqual({ ok: false, value: { a: [] } });
  });

  it('copies any depth', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const snapshot = snapshotArguments(deep);
    expect(snapshot.ok).toBe(true);
    let cursor = snapshot.value;
    let depth = 0;
    while (Array.isArray(cursor)) {
      cursor = cursor[0];
      depth++;
    }
    expect([depth, cursor]).toEqual([100_000, 1]);
  });
});

describe('resolveNative', () => {
  it('finds own and prototype methods, never Object.prototype members', async () => {
    class P {
      n = 2;
      twice(input: { x: number }) {
        return input.x * this.n;
      }
    }
    const context = { signal: new AbortController().signal, deadline: 1000, agent: null, client: null };
    const providers = { p: new P(), plain: { f: () => 'f' }, ctx: { g: (_input: unknown, given: unknown) => given } };
    expect(resolveNative(providers, 'p', 'twice')?.({ x: 3 }, context)).toBe(6);
    expect(resolveNative(providers, 'plain', 'f')?.({}, context)).toBe('f');
    expect(resolveNative(providers, 'ctx', 'g')?.({}, context)).toBe(context);
    expect(resolveNative(providers, 'plain', 'toString')).toBeUndefined();
    expect(resolveNative(providers, 'plain', 'missing')).toBeUndefined();
    expect(resolveNative(providers, 'constructor', 'name')).toBeUndefined();
    expect(resolveNative({ q: 5 }, 'q', 'x')).toBeUndefined();
  });
});
