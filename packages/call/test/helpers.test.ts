import { describe, it, expect } from 'vitest';
import type { AuditRow } from '@xcap/audit';
import { AuditQueue, refusalText, resolveNative, snapshotArguments } from '../src/index.js';

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
      [{ g: 1, get x() { return 1; } }, { g: 1, x: null }],
      [cyclic, { a: 1, self: null }],
      [{ a: shared, b: shared }, { a: { k: 1 }, b: null }],
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
    snapshotArguments({ p: proxy, get g() { ran++; return 1; }, toJSON: undefined });
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

  it('writes concurrent rows concurrently, each once: a slow row holds back no other', async () => {
    const written: string[] = [];
    const queue = new AuditQueue({ write: async (r) => { await new Promise((resolve) => setTimeout(resolve, r.tool === 'a' ? 30 : 0)); written.push(r.tool); } }, { clock: () => new Date(0) });
    const a = queue.write(row('a'));
    await Promise.all([queue.write(row('b')), queue.write(row('c'))]);
    expect(written).toEqual(['b', 'c']);
    expect(queue.pending.map((p) => p.row.tool)).toEqual(['a']);
    await a;
    expect(written).toEqual(['b', 'c', 'a']);
    expect(queue.pending).toEqual([]);
  });

  it('retries a failed row in the background, without a flush or another write', async () => {
    let fail = true;
    const written: string[] = [];
    const queue = new AuditQueue({ write: (r) => { if (fail) throw new Error('down'); written.push(r.tool); } }, { clock: () => new Date(0) });
    await queue.write(row('a'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(queue.pending.map((p) => p.attempts)).toEqual([2]);
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(written).toEqual(['a']);
    expect(queue.pending).toEqual([]);
  });

  it('backs off: a row the sink always refuses is retried in doubling rounds, not once per write', async () => {
    let poisonAttempts = 0;
    const queue = new AuditQueue({ write: (r) => { if (r.tool === 'poison') { poisonAttempts++; throw new Error('refused'); } } }, { clock: () => new Date(0) });
    await queue.write(row('poison'));
    for (let i = 0; i < 50; i++) {
      await queue.write(row(`ok-${i}`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // ~600 ms: the first attempt plus rounds at about 100, 300 and 700 ms, far fewer than the 50 writes.
    expect(poisonAttempts).toBeGreaterThanOrEqual(2);
    expect(poisonAttempts).toBeLessThanOrEqual(5);
    expect(queue.pending.map((p) => p.row.tool)).toEqual(['poison']);
  });

  it('is full at maxPending; writeOnce keeps no row it could not write, counts and reports it', async () => {
    const errors: string[] = [];
    const queue = new AuditQueue({ write: () => { throw new Error('down'); } }, { clock: () => new Date(0), maxPending: 2, onError: (e) => errors.push(String(e)) });
    await queue.write(row('a'));
    expect(queue.full).toBe(false);
    await queue.write(row('b'));
    expect(queue.full).toBe(true);
    expect(await queue.writeOnce(row('c'))).toBe(false);
    expect(queue.size).toBe(2);
    expect(queue.unwrittenRefusals).toBe(1);
    expect(errors.at(-1)).toBe('Error: audit queue is full (2 rows pending): the row of a call refused for that was not written either: down');
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
    await expect(queue.write(row('a'))).resolves.toBe(false);
    expect(queue.pending).toEqual([{ row: row('a'), since: '1970-01-01T00:00:00.000Z', attempts: 1, lastError: 'audit sink failed (the error cannot be printed)' }]);
    fail = false;
    await expect(queue.write(row('b'))).resolves.toBe(true);
    expect(written).toEqual(['a', 'b']);
    expect(queue.pending).toEqual([]);
  });

  it('an onError that throws changes nothing', async () => {
    const queue = new AuditQueue({ write: () => { throw new Error('x'); } }, { clock: () => new Date(0), onError: () => { throw new Error('log down'); } });
    await expect(queue.write(row('a'))).resolves.toBe(false);
    expect(queue.pending).toHaveLength(1);
  });
});
