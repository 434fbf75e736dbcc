import { describe, it, expect } from 'vitest';
import type { AuditRow } from '@xcap/audit';
import { AuditQueue, jsonSafeCopy, refusalText, resolveNative } from '../src/index.js';

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

describe('jsonSafeCopy', () => {
  it('keeps JSON data and nulls everything else', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(jsonSafeCopy({ s: 'x', n: 1, b: true, z: null, arr: [1, undefined, () => 1], u: undefined, inf: Infinity, big: 2n, date: new Date(0), cyclic })).toEqual({
      s: 'x',
      n: 1,
      b: true,
      z: null,
      arr: [1, null, null],
      inf: null,
      big: null,
      date: null,
      cyclic: { a: 1, self: null },
    });
    expect(jsonSafeCopy('a\uD800b')).toBe('a\uD800b');
    const proto = jsonSafeCopy(JSON.parse('{"__proto__":{"x":1},"f":null}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__', 'f']);
    expect(jsonSafeCopy('\uD83D\uDE00')).toBe('\uD83D\uDE00');
    expect(jsonSafeCopy([[, 1]])).toEqual([[null, 1]]);
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
    const providers = { p: new P(), plain: { f: () => 'f' } };
    expect(resolveNative(providers, 'p', 'twice')?.({ x: 3 })).toBe(6);
    expect(resolveNative(providers, 'plain', 'f')?.({})).toBe('f');
    expect(resolveNative(providers, 'plain', 'toString')).toBeUndefined();
    expect(resolveNative(providers, 'plain', 'missing')).toBeUndefined();
    expect(resolveNative(providers, 'constructor', 'name')).toBeUndefined();
    expect(resolveNative({ q: 5 }, 'q', 'x')).toBeUndefined();
  });
});

describe('AuditQueue', () => {
  const row = (tool: string): AuditRow => ({ appId: 'a', clientId: 'ui', tool, status: 'ok', error: null, argsHash: 'sha256:0' });

  it('writes concurrent rows in call order, each once', async () => {
    const written: string[] = [];
    const queue = new AuditQueue({ write: async (r) => { await new Promise((resolve) => setTimeout(resolve, r.tool === 'a' ? 10 : 0)); written.push(r.tool); } }, { clock: () => new Date(0) });
    await Promise.all([queue.write(row('a')), queue.write(row('b')), queue.write(row('c'))]);
    expect(written).toEqual(['a', 'b', 'c']);
    expect(queue.pending).toEqual([]);
  });

  it('a rejection with no reason is still a failure', async () => {
    const queue = new AuditQueue({ write: () => Promise.reject(undefined) }, { clock: () => new Date(0) });
    await queue.write(row('a'));
    expect(queue.pending).toEqual([{ row: row('a'), since: '1970-01-01T00:00:00.000Z', attempts: 1, lastError: 'audit sink failed' }]);
  });

  it('a rejection value that cannot be printed neither rejects the write nor blocks the queue', async () => {
    let fail = true;
    const written: string[] = [];
    const queue = new AuditQueue({ write: (r) => (fail ? Promise.reject(Object.create(null)) : void written.push(r.tool)) }, { clock: () => new Date(0) });
    await expect(queue.write(row('a'))).resolves.toBeUndefined();
    expect(queue.pending).toEqual([{ row: row('a'), since: '1970-01-01T00:00:00.000Z', attempts: 1, lastError: 'audit sink failed (the error cannot be printed)' }]);
    fail = false;
    await expect(queue.write(row('b'))).resolves.toBeUndefined();
    expect(written).toEqual(['a', 'b']);
    expect(queue.pending).toEqual([]);
  });

  it('an onError that throws changes nothing', async () => {
    const queue = new AuditQueue({ write: () => { throw new Error('x'); } }, { clock: () => new Date(0), onError: () => { throw new Error('log down'); } });
    await expect(queue.write(row('a'))).resolves.toBeUndefined();
    expect(queue.pending).toHaveLength(1);
  });
});
