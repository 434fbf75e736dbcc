/**
 * The attacker as a test: whatever arrives as arguments — deep, wide,
 * hostile in-process objects — the call settles, writes exactly one honest
 * audit row, runs no caller code twice and pollutes no prototype.
 */
import fc from 'fast-check';
import { hostileValue } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { argsHash } from '@xcap/audit';
import { createFakeHost, sampleNatives } from '../src/index.js';

/** JSON values of any shape, deep ones included (fc.letrec), wrapped `depth` levels further down. */
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.jsonValue({ maxDepth: 0 }), tie('node')),
  node: fc.oneof(
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('tree'), { maxKeys: 4 }),
  ),
}));
const deepJson = fc.tuple(tree, fc.integer({ min: 0, max: 5_000 }), fc.boolean()).map(([leaf, depth, arrays]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return { title: 'deep', params: { v: value } };
});

const prototypeKeys = () => [Object.getOwnPropertyNames(Object.prototype).sort().join(), Object.getOwnPropertyNames(Array.prototype).sort().join()];

describe('attack: arguments as an agent sends them (JSON of any depth)', () => {
  it('one row per call whose hash is the exact hash of the arguments, no prototype polluted', async () => {
    const before = prototypeKeys();
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'notifications.post': 'granted' }, foreground: false });
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(deepJson, fc.constantFrom('notifications__post', 'bluetooth__scan', 'photos__pick'), async (args, name) => {
        calls++;
        const answer = await host.agent(name, args);
        expect(host.auditRows).toHaveLength(calls);
        expect(answer.audit).toEqual(host.auditRows.at(-1));
        expect(answer.audit.argsHash).toBe(argsHash(args));
      }),
      { numRuns: 60 },
    );
    expect(prototypeKeys()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('two different 20,000-deep arguments get different hashes', async () => {
    const host = createFakeHost({ foreground: false });
    const deep = (leaf: number) => {
      let value: unknown = leaf;
      for (let i = 0; i < 20_000; i++) value = { a: value };
      return value;
    };
    const [one, two] = [await host.agent('share__send', deep(1)), await host.agent('share__send', deep(2))];
    expect(one.audit.argsHash).not.toBe(two.audit.argsHash);
    expect([one.audit.argsHash, two.audit.argsHash]).toEqual([argsHash(deep(1)), argsHash(deep(2))]);
  });

  it('10,000 parallel calls leave exactly 10,000 rows', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'photos.read': 'granted' }, foreground: false });
    const answers = await Promise.all(Array.from({ length: 10_000 }, (_, i) => host.agent(i % 2 === 0 ? 'photos__pick' : 'nope__x', { limit: 1 })));
    expect(answers).toHaveLength(10_000);
    expect(host.auditRows).toHaveLength(10_000);
    expect(host.path.pendingAudit()).toEqual([]);
  });
});

describe('attack: hostile in-process arguments (app UI callers)', () => {
  const hostile = (): [string, unknown][] => {
    let reads = 0;
    return [
      [
        'a getter that throws on its second read',
        {
          get limit() {
            if (++reads > 1) throw new Error('second read');
            return 1;
          },
        },
      ],
      [
        'a getter that changes its answer',
        {
          get limit() {
            return ++reads === 1 ? 1 : 1_000_000_000;
          },
        },
      ],
      [
        'a Proxy that throws on every trap',
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('trap');
            },
            ownKeys: () => {
              throw new Error('trap');
            },
            getOwnPropertyDescriptor: () => {
              throw new Error('trap');
            },
            getPrototypeOf: () => {
              throw new Error('trap');
            },
          },
        ),
      ],
      [
        'a revoked Proxy',
        (() => {
          const r = Proxy.revocable({}, {});
          r.revoke();
          return r.proxy;
        })(),
      ],
      ['a sparse array of 2^32 - 1 slots', { limit: new Array(2 ** 32 - 1) }],
      [
        'a cycle',
        (() => {
          const o: Record<string, unknown> = {};
          o.self = o;
          return o;
        })(),
      ],
      [
        'a class instance',
        new (class Args {
          limit = 1;
        })(),
      ],
      [
        'a toJSON that throws (a function member is no JSON data)',
        {
          limit: 1,
          toJSON: () => {
            throw new Error('toJSON');
          },
        },
      ],
    ];
  };

  for (const [name, args] of hostile()) {
    it(`${name}: answered invalidParams: / type, one row, the native never runs`, async () => {
      const host = createFakeHost({ natives: sampleNatives(), grants: { 'photos.read': 'granted' } });
      const answer = await host.ui('photos_pick', args);
      expect(answer.kind === 'result' && answer.result.content[0]?.text).toBe('invalidParams: / type');
      expect(host.nativeCalls).toEqual([]);
      expect(host.auditRows).toHaveLength(1);
      expect(host.auditRows[0]).toMatchObject({ status: 'invalid', error: 'invalidParams' });
      expect(host.auditRows[0]?.argsHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    });
  }

  it('a symbol-keyed getter is no JSON member: never run, the call goes on with the rest', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'photos.read': 'granted' } });
    const answer = await host.ui('photos_pick', {
      limit: 1,
      get [Symbol.iterator]() {
        throw new Error('symbol');
      },
    });
    expect(answer.outcome).toBe('ok');
    expect(host.nativeCalls.map((c) => c.input)).toEqual([{ limit: 1 }]);
  });

  it('arbitrary values (fast-check anything): the call never rejects and writes one row', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'share.send': 'granted', 'photos.read': 'granted' } });
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(hostileValue(), fc.constantFrom('share_send', 'photos_pick'), async (args, name) => {
        calls++;
        const answer = await host.ui(name, args);
        expect(answer.kind).toBe('result');
        expect(host.auditRows).toHaveLength(calls);
      }),
      { numRuns: 200 },
    );
  });
});
