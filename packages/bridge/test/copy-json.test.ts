import { describe, expect, it } from 'vitest';
import { copyJson, maxJsonDepth } from '../src/copy-json.js';

describe('copyJson', () => {
  it('copies plain JSON, key order kept, undefined properties left out', () => {
    const source = { b: 1, a: [true, null, 'x', { c: -0.5 }], u: undefined };
    const copy = copyJson(source);
    expect(copy).toEqual({ ok: true, value: { b: 1, a: [true, null, 'x', { c: -0.5 }] } });
    if (copy.ok) {
      expect(JSON.stringify(copy.value)).toBe('{"b":1,"a":[true,null,"x",{"c":-0.5}]}');
      expect(copy.value).not.toBe(source);
    }
  });

  it('keeps a __proto__ key as a plain own key', () => {
    const source = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    const copy = copyJson(source);
    expect(copy.ok && Object.getPrototypeOf(copy.value)).toBe(Object.prototype);
    expect(copy.ok && JSON.stringify(copy.value)).toBe('{"__proto__":{"x":1}}');
  });

  it('answers the pointer of the first value that is not JSON', () => {
    expect(copyJson(undefined)).toEqual({ ok: false, pointer: '/' });
    expect(copyJson(() => 1)).toEqual({ ok: false, pointer: '/' });
    expect(copyJson({ a: { b: Symbol('s') } })).toEqual({ ok: false, pointer: '/a/b' });
    expect(copyJson({ n: 10n })).toEqual({ ok: false, pointer: '/n' });
    expect(copyJson({ n: Number.NaN })).toEqual({ ok: false, pointer: '/n' });
    expect(copyJson({ list: [1, Infinity] })).toEqual({ ok: false, pointer: '/list/1' });
    expect(copyJson({ list: [1, undefined] })).toEqual({ ok: false, pointer: '/list/1' });
    expect(copyJson({ when: new Date(0) })).toEqual({ ok: false, pointer: '/when' });
    expect(copyJson({ 'a/b~c': { f() {} } })).toEqual({ ok: false, pointer: '/a~1b~0c/f' });
    expect(copyJson({ '': { f() {} } })).toEqual({ ok: false, pointer: '//f' });
  });

  it('refuses cycles but accepts a shared (acyclic) object', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = { back: cyclic };
    expect(copyJson(cyclic)).toEqual({ ok: false, pointer: '/self/back' });
    const shared = { x: 1 };
    expect(copyJson({ a: shared, b: [shared] })).toEqual({ ok: true, value: { a: { x: 1 }, b: [{ x: 1 }] } });
  });

  it('survives getters and proxies that throw', () => {
    const getter = {
      ok: 1,
      get bad(): number {
        throw new Error('boom');
      },
    };
    expect(copyJson({ inner: getter })).toEqual({ ok: false, pointer: '/inner/bad' });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(copyJson({ p: proxy })).toEqual({ ok: false, pointer: '/p' });
    const revocable = Proxy.revocable([], {});
    revocable.revoke();
    expect(copyJson({ r: revocable.proxy })).toEqual({ ok: false, pointer: '/r' });
  });

  it('reads each getter once, so the copy is what was checked', () => {
    let reads = 0;
    const source = {
      get n() {
        reads++;
        return reads;
      },
    };
    expect(copyJson(source)).toEqual({ ok: true, value: { n: 1 } });
    expect(reads).toBe(1);
  });

  it('gives up past the depth limit instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const copy = copyJson(deep);
    expect(copy.ok).toBe(false);
    if (!copy.ok) expect(copy.pointer.split('/').length - 1).toBe(maxJsonDepth);
  });
});
