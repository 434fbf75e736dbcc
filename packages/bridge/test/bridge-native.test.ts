import { describe, expect, it, vi } from 'vitest';
import type { Catalog, ToolDef } from '@xcap/catalog';
import type { BlobStore } from '../src/blob-store.js';
import { bridgeCall } from '../src/bridge-call.js';
import type { BridgeCallInput } from '../src/bridge-call.js';
import { catalog, context, fakeNative, seededStore } from './fixture.js';

const photo = { id: 'ph-1', name: 'IMG_1.jpg', mimeType: 'image/jpeg', takenAt: null, data: 'aGk=' };

async function pick(answer: unknown, extra: Partial<BridgeCallInput> = {}) {
  const fake = fakeNative(answer);
  const blobs = seededStore();
  const end = await bridgeCall({ catalog, tool: 'photos_pick', arguments: {}, context, blobs, native: fake.native, ...extra });
  return { ...end, calls: fake.calls, puts: blobs.puts, blobs, text: end.result.content[0].text };
}

function expectFailure(r: { outcome: string; text: string; result: unknown }, outcome: string, text: string) {
  expect(r.outcome).toBe(outcome);
  expect(r.result).toEqual({ content: [{ type: 'text', text }], isError: true });
}

describe('a native that fails', () => {
  it('throwing is rpcError, its message never shown', async () => {
    const r = await pick(() => {
      throw new Error('secret internal path /home/x');
    });
    expectFailure(r, 'rpcError', 'rpcError');
  });

  it('rejecting is rpcError', async () => {
    expectFailure(await pick(() => Promise.reject(new Error('nope'))), 'rpcError', 'rpcError');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a native may reject with anything: that is the case under test
    expectFailure(await pick(() => Promise.reject(undefined)), 'rpcError', 'rpcError');
  });

  it('answering a thenable whose then throws is rpcError', async () => {
    const hostile = {
      then() {
        throw new Error('bad then');
      },
    };
    expectFailure(await pick(() => hostile), 'rpcError', 'rpcError');
  });

  it('not answering in time is timeout; a later answer is ignored', async () => {
    let late: (value: unknown) => void = () => {};
    const r = await pick(() => new Promise((resolve) => (late = resolve)), { timeoutMs: 20 });
    expectFailure(r, 'timeout', 'timeout');
    late({ structuredContent: { photos: [photo] } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.puts).toEqual([]);
  });

  it('waits 30 s by default, and the default also stands for a negative or non-numeric timeout', async () => {
    vi.useFakeTimers();
    try {
      for (const timeoutMs of [undefined, -5, Number.NaN]) {
        let settled = false;
        const pending = pick(() => new Promise(() => {}), timeoutMs === undefined ? {} : { timeoutMs }).then((r) => {
          settled = true;
          return r;
        });
        await vi.advanceTimersByTimeAsync(29_999);
        expect(settled).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        expect(settled).toBe(true);
        expect((await pending).outcome).toBe('timeout');
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slow answer within the timeout is taken, also with timeoutMs Infinity', async () => {
    const slow = () => new Promise((resolve) => setTimeout(() => resolve({ structuredContent: { photos: [] } }), 30));
    expect((await pick(slow, { timeoutMs: 1000 })).outcome).toBe('ok');
    expect((await pick(slow, { timeoutMs: Infinity })).outcome).toBe('ok');
  });

  it('a missing native is unreachable, after the arguments were checked and mapped', async () => {
    const blobs = seededStore();
    const base = { catalog, context, blobs };
    const missing = await bridgeCall({ ...base, tool: 'photos_pick', arguments: {} });
    expectFailure({ ...missing, text: '' }, 'unreachable', 'unreachable');
    const notAFunction = await bridgeCall({ ...base, tool: 'photos_pick', arguments: {}, native: 42 as never });
    expect(notAFunction.outcome).toBe('unreachable');
    const invalid = await bridgeCall({ ...base, tool: 'photos_pick', arguments: { limit: 99 } });
    expect(invalid.outcome).toBe('invalidParams');
    const notFound = await bridgeCall({ ...base, tool: 'print_print', arguments: { fileId: 'zz' } });
    expect(notFound.result.content[0].text).toBe('notFound: zz');
  });
});

describe('a native that answers garbage', () => {
  const cases: [string, unknown, string][] = [
    ['undefined', undefined, 'badResult: / type'],
    ['null', null, 'badResult: / type'],
    ['an array', [{ structuredContent: { photos: [] } }], 'badResult: / type'],
    ['a string', 'ok', 'badResult: / type'],
    ['a number', 7, 'badResult: / type'],
    ['structuredContent null', { structuredContent: null }, 'badResult: / type'],
    ['structuredContent an array', { structuredContent: [] }, 'badResult: / type'],
    ['a missing required key', { structuredContent: {} }, 'badResult: /photos required'],
    ['an extra key', { structuredContent: { photos: [], more: 1 } }, 'badResult: /more additionalProperties'],
    ['a function inside', { structuredContent: { photos: [{ ...photo, name: () => 'x' }] } }, 'badResult: /photos/0/name type'],
    ['a bigint inside', { structuredContent: { photos: [{ ...photo, id: 1n }] } }, 'badResult: /photos/0/id type'],
    ['NaN inside', { structuredContent: { photos: [], x: Number.NaN } }, 'badResult: /x type'],
    ['a Date inside', { structuredContent: { photos: [{ ...photo, takenAt: new Date(0) }] } }, 'badResult: /photos/0/takenAt type'],
    ['bad base64', { structuredContent: { photos: [{ ...photo, data: 'aGk' }] } }, 'badResult: /photos/0/data format'],
    ['isError true (MCP style)', { isError: true, content: [{ type: 'text', text: 'x' }] }, 'nativeError'],
    ['isError an empty string', { isError: '' }, 'nativeError'],
    ['isError a number', { isError: 5, structuredContent: { photos: [] } }, 'nativeError'],
    ['isError an object', { isError: { reason: 'x' } }, 'nativeError'],
  ];
  for (const [what, answer, reason] of cases) {
    it(`${what}: ${reason}, nothing stored`, async () => {
      const r = await pick(() => answer);
      expectFailure(r, 'isError', reason);
      expect(r.puts).toEqual([]);
    });
  }

  it('a cyclic answer', async () => {
    const looped: Record<string, unknown> = { ...photo };
    looped['self'] = looped;
    const r = await pick({ structuredContent: { photos: [looped] } });
    expectFailure(r, 'isError', 'badResult: /photos/0/self type');
  });

  it('getters that throw, at the top and inside', async () => {
    const top = {
      get structuredContent(): unknown {
        throw new Error('x');
      },
    };
    expectFailure(await pick(top), 'isError', 'badResult: / type');
    const inner = {
      structuredContent: {
        photos: [
          {
            ...photo,
            get name(): string {
              throw new Error('x');
            },
          },
        ],
      },
    };
    expectFailure(await pick(inner), 'isError', 'badResult: /photos/0/name type');
    const isErrorGetter = {
      get isError(): unknown {
        throw new Error('x');
      },
    };
    expectFailure(await pick(isErrorGetter), 'isError', 'badResult: / type');
  });

  it('a proxy that throws on every trap (at the top its `then` throws, so the answer itself fails)', async () => {
    const trap = () => {
      throw new Error('trap');
    };
    const proxy = new Proxy({}, { get: trap, ownKeys: trap, getPrototypeOf: trap, has: trap });
    expectFailure(await pick(proxy), 'rpcError', 'rpcError');
    expectFailure(await pick({ structuredContent: { photos: proxy } }), 'isError', 'badResult: /photos type');
  });

  it('a string isError passes through as is, even with structuredContent', async () => {
    const r = await pick({ isError: 'cancelled by policy', structuredContent: { photos: [photo] } });
    expectFailure(r, 'isError', 'cancelled by policy');
    expect(r.puts).toEqual([]);
  });

  it('isError false or null is no error', async () => {
    expect((await pick({ isError: false, structuredContent: { photos: [] } })).outcome).toBe('ok');
    expect((await pick({ isError: null, structuredContent: { photos: [] } })).outcome).toBe('ok');
  });

  it('each value is read once, so what is stored is what was checked', async () => {
    let reads = 0;
    const shifty = {
      ...photo,
      get name(): string {
        reads++;
        return reads === 1 ? 'IMG_1.jpg' : 'x'.repeat(1000);
      },
    };
    const r = await pick({ structuredContent: { photos: [shifty] } });
    expect(r.outcome).toBe('ok');
    expect(reads).toBe(1);
    expect(r.puts[0]?.name).toBe('IMG_1.jpg');
    expect(r.result.structuredContent).toEqual({
      photos: [{ id: 'ph-1', name: 'IMG_1.jpg', mimeType: 'image/jpeg', takenAt: null, size: 2, fileId: 'blob-1' }],
    });
  });

  it('a large file (8 MB) is decoded and stored', async () => {
    const bytes = new Uint8Array(8 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i & 0xff;
    const data = Buffer.from(bytes).toString('base64');
    const r = await pick({ structuredContent: { photos: [{ ...photo, data }] } });
    expect(r.outcome).toBe('ok');
    expect(r.result.structuredContent).toEqual({
      photos: [{ id: 'ph-1', name: 'IMG_1.jpg', mimeType: 'image/jpeg', takenAt: null, size: bytes.length, fileId: 'blob-1' }],
    });
    const stored = r.blobs.memory.get(context.app, 'blob-1')?.bytes ?? new Uint8Array();
    expect(Buffer.from(stored).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('storing returned files', () => {
  it('stores several files in order and keeps the keys in order, then size and fileId', async () => {
    const second = { id: 'ph-2', name: 'b.png', mimeType: 'image/png', takenAt: '2026-01-01T00:00:00Z', data: '' };
    const r = await pick({ structuredContent: { photos: [photo, second] } }, { arguments: { limit: 2 } });
    expect(r.calls).toEqual([{ limit: 2 }]);
    expect(r.puts.map((put) => put.name)).toEqual(['IMG_1.jpg', 'b.png']);
    expect(r.text).toBe(
      JSON.stringify({
        photos: [
          { id: 'ph-1', name: 'IMG_1.jpg', mimeType: 'image/jpeg', takenAt: null, size: 2, fileId: 'blob-1' },
          { id: 'ph-2', name: 'b.png', mimeType: 'image/png', takenAt: '2026-01-01T00:00:00Z', size: 0, fileId: 'blob-2' },
        ],
      }),
    );
  });

  it('stores nested data objects depth first (an object before the objects inside it)', async () => {
    const nested: ToolDef = {
      name: 'files_nested',
      runs: 'native',
      description: 'test tool',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      nativeOutputSchema: { type: 'object' },
      outputSchema: { type: 'object' },
    };
    const custom = { ...catalog, tools: [...catalog.tools, nested] } as Catalog;
    const answer = {
      structuredContent: {
        outer: {
          name: 'outer.txt',
          data: 'b3V0ZXI=',
          mimeType: 'text/x-outer',
          child: { name: 'child.png', data: 'Yw==', list: [{ name: 'deep', data: 'ZA==' }] },
        },
        sibling: [{ data: 'cw==', name: 's.csv' }],
      },
    };
    const fake = fakeNative(answer);
    const blobs = seededStore();
    const r = await bridgeCall({ catalog: custom, tool: 'files_nested', arguments: {}, context, blobs, native: fake.native });
    expect(r.outcome).toBe('ok');
    expect(blobs.puts.map(({ name, mimeType, base64 }) => [name, mimeType, base64])).toEqual([
      ['outer.txt', 'text/x-outer', 'b3V0ZXI='],
      ['child.png', 'image/png', 'Yw=='],
      ['deep', 'application/octet-stream', 'ZA=='],
      ['s.csv', 'text/csv', 'cw=='],
    ]);
    expect(r.result.content[0].text).toBe(
      JSON.stringify({
        outer: {
          name: 'outer.txt',
          mimeType: 'text/x-outer',
          child: { name: 'child.png', list: [{ name: 'deep', size: 1, fileId: 'blob-3' }], size: 1, fileId: 'blob-2' },
          size: 5,
          fileId: 'blob-1',
        },
        sibling: [{ name: 's.csv', size: 1, fileId: 'blob-4' }],
      }),
    );
  });

  it('replaces a size and fileId the native sent, after the other keys, and leaves objects without data alone', async () => {
    const loose: ToolDef = {
      name: 'files_loose',
      runs: 'native',
      description: 'test tool',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      nativeOutputSchema: null,
      outputSchema: { type: 'object' },
    };
    const custom = { ...catalog, tools: [...catalog.tools, loose] } as Catalog;
    const answer = JSON.parse(
      '{"structuredContent": {"f": {"fileId": "forged", "size": 99, "data": "aGk=", "name": "a.txt", "__proto__": 1}, "meta": {"size": 7, "fileId": "kept"}}}',
    ) as unknown;
    const fake = fakeNative(answer);
    const blobs = seededStore();
    const r = await bridgeCall({ catalog: custom, tool: 'files_loose', arguments: {}, context, blobs, native: fake.native });
    expect(r.outcome).toBe('ok');
    expect(blobs.puts.map(({ name }) => name)).toEqual(['a.txt']);
    expect(r.result.content[0].text).toBe('{"f":{"name":"a.txt","__proto__":1,"size":2,"fileId":"blob-1"},"meta":{"size":7,"fileId":"kept"}}');
  });
});

describe('a blob store that fails', () => {
  function failing(overrides: Partial<BlobStore>): BlobStore & { base: ReturnType<typeof seededStore> } {
    const base = seededStore();
    return {
      base,
      get: overrides.get ?? ((app, fileId) => base.get(app, fileId)),
      put: overrides.put ?? ((app, name, mimeType, bytes) => base.put(app, name, mimeType, bytes)),
      remove: (app, fileId) => base.remove(app, fileId),
    };
  }

  it('a get that throws, rejects or answers garbage is storeFailed, the native never runs', async () => {
    const gets: BlobStore['get'][] = [
      () => {
        throw new Error('disk');
      },
      () => Promise.reject(new Error('disk')),
      () => ({ bytes: 'not bytes' }) as never,
      () => 5 as never,
      () => ({
        get bytes(): Uint8Array {
          throw new Error('x');
        },
      }),
    ];
    for (const get of gets) {
      const fake = fakeNative({ structuredContent: { saved: true } });
      const r = await bridgeCall({
        catalog,
        tool: 'files_save',
        arguments: { name: 'a', fileId: 'f1' },
        context,
        blobs: failing({ get }),
        native: fake.native,
      });
      expect(fake.calls).toEqual([]);
      expectFailure({ ...r, text: '' }, 'isError', 'storeFailed');
    }
  });

  it('a get answering null is notFound', async () => {
    const r = await bridgeCall({
      catalog,
      tool: 'print_print',
      arguments: { fileId: 'f1' },
      context,
      blobs: failing({ get: () => null as never }),
      native: () => ({}),
    });
    expect(r.result.content[0].text).toBe('notFound: f1');
  });

  it('a put that fails halfway is storeFailed and the files already stored are removed', async () => {
    let puts = 0;
    const store = failing({});
    const blobs = {
      ...store,
      put: (app: string, name: string, mimeType: string, bytes: Uint8Array) => {
        puts++;
        if (puts === 2) throw new Error('disk full');
        return store.base.put(app, name, mimeType, bytes);
      },
    };
    const r = await pick({ structuredContent: { photos: [photo, photo, photo] } }, { blobs, arguments: { limit: 3 } });
    expectFailure(r, 'isError', 'storeFailed');
    expect(puts).toBe(2);
    expect(store.base.memory.list(context.app).map((file) => file.fileId)).toEqual(['f1', 'pdf1']);
  });

  it('a put that rejects or answers no id is storeFailed', async () => {
    const puts: BlobStore['put'][] = [() => Promise.reject(new Error('x')), () => '', () => 12 as never, () => undefined as never];
    for (const put of puts) {
      const r = await pick({ structuredContent: { photos: [photo] } }, { blobs: failing({ put }) });
      expectFailure(r, 'isError', 'storeFailed');
    }
  });

  it('a store without remove still answers storeFailed', async () => {
    const base = seededStore();
    let n = 0;
    const blobs: BlobStore = {
      get: (app, fileId) => base.get(app, fileId),
      put: (app, name, mimeType, bytes) => {
        if (++n === 2) throw new Error('x');
        return base.put(app, name, mimeType, bytes);
      },
    };
    const r = await pick({ structuredContent: { photos: [photo, photo] } }, { blobs, arguments: { limit: 2 } });
    expectFailure(r, 'isError', 'storeFailed');
  });
});

describe('bad arguments', () => {
  it('arguments with a throwing getter never crash the bridge', async () => {
    const hostile = {
      get limit(): number {
        throw new Error('x');
      },
    };
    const fake = fakeNative({ structuredContent: { photos: [] } });
    const r = await bridgeCall({ catalog, tool: 'photos_pick', arguments: hostile, context, blobs: seededStore(), native: fake.native });
    expect(r.result.isError).toBe(true);
    expect(fake.calls).toEqual([]);
  });

  it('absent arguments count as {}', async () => {
    const fake = fakeNative({ structuredContent: { photos: [] } });
    const r = await bridgeCall({ catalog, tool: 'photos_pick', arguments: undefined, context, blobs: seededStore(), native: fake.native });
    expect(r.outcome).toBe('ok');
    expect(fake.calls).toEqual([{ limit: 1 }]);
  });
});
