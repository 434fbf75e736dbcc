import { describe, it, expect } from 'vitest';
import { argsHash, type AuditRow } from '@xcap/audit';
import type { NativeResult } from '@xcap/catalog';
import { appId, setup } from './setup.js';

const ui = (name: string, args?: unknown, foreground = true) => ({ from: 'ui' as const, name, ...(args === undefined ? {} : { arguments: args }), foreground });
const agent = (name: string, args?: unknown, foreground = false) => ({ from: 'agent' as const, name, arguments: args, foreground, client: 'run-7' });
const text = (answer: { kind: string; result?: { content: { text: string }[] } }) => answer.result?.content[0]?.text;
const never = () => new Promise<never>(() => undefined);
const elapsed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
};

describe('the arguments are read exactly once, at entry', () => {
  it('a getter that throws on its second read: the call answers invalidParams: / type, one row, the native never ran', async () => {
    const { path, grants, audit, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    let reads = 0;
    const args = {
      get limit() {
        if (++reads > 1) throw new Error('second read');
        return 1;
      },
    };
    const answer = await path.call(ui('photos_pick', args));
    expect(text(answer as never)).toBe('invalidParams: / type');
    expect(answer.outcome).toBe('invalidParams');
    expect(nativeCalls).toEqual([]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ status: 'invalid', error: 'invalidParams' });
    expect(reads).toBe(0);
  });

  it('a getter that answers 1 then 1000000000 never reaches the native', async () => {
    const { path, grants, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    let reads = 0;
    const answer = await path.call(
      ui('photos_pick', {
        get limit() {
          return ++reads === 1 ? 1 : 1_000_000_000;
        },
      }),
    );
    expect(text(answer as never)).toBe('invalidParams: / type');
    expect(nativeCalls).toEqual([]);
  });

  it('a Proxy is refused invalidParams: / type and audited, its traps never run', async () => {
    const { path, grants, audit, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    let traps = 0;
    const proxy = new Proxy({ limit: 1 }, { get: (t, k) => (traps++, Reflect.get(t, k)), ownKeys: (t) => (traps++, Reflect.ownKeys(t)) });
    const answer = await path.call(agent('photos__pick', proxy));
    expect(text(answer as never)).toBe('invalidParams: / type');
    expect(nativeCalls).toEqual([]);
    expect(audit.rows).toHaveLength(1);
    expect(traps).toBe(0);
  });

  it('non-JSON data (a Date, a bigint, a function) is refused invalidParams: / type, audited, never a rejection', async () => {
    const { path, grants, audit } = setup();
    grants.set(appId, 'share.send', 'granted');
    for (const args of [{ text: 'x', when: new Date(0) }, { text: 'x', n: 1n }, { text: () => 'x' }, [1, , 2], { text: 'x', u: [undefined] }]) {
      const answer = await path.call(ui('share_send', args));
      expect(text(answer as never)).toBe('invalidParams: / type');
    }
    expect(audit.rows.map((r) => r.status)).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
  });

  it("the native gets the snapshot, not the caller's object: changing it during the call changes nothing", async () => {
    let seen: unknown;
    const { path, grants } = setup({
      providers: {
        share: {
          send: async (input: unknown): Promise<NativeResult> => {
            seen = structuredClone(input);
            return { structuredContent: { shared: true } };
          },
        },
      },
    });
    grants.set(appId, 'share.send', 'granted');
    const args = { text: 'original' };
    const pending = path.call(ui('share_send', args));
    args.text = 'changed';
    const answer = await pending;
    expect(answer.outcome).toBe('ok');
    expect(seen).toEqual({ text: 'original' });
    expect(answer.audit.argsHash).toBe(argsHash({ text: 'original' }));
  });

  it('an object with inherited members is no JSON object: refused, never read', async () => {
    const { path, grants, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    const args = Object.create({ limit: 1_000_000 }) as object;
    const answer = await path.call(ui('photos_pick', args));
    expect(text(answer as never)).toBe('invalidParams: / type');
    expect(nativeCalls).toEqual([]);
  });
});

describe('deep arguments hash exactly', () => {
  const nested = (depth: number, leaf: unknown) => {
    let value = leaf;
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };

  it('two different 20,000-deep arguments get different hashes, each the exact argsHash', async () => {
    const { path, audit } = setup();
    const one = nested(20_000, 1);
    const two = nested(20_000, 2);
    await path.call(agent('bluetooth__scan', one));
    await path.call(agent('bluetooth__scan', two));
    expect(audit.rows.map((r) => r.argsHash)).toEqual([argsHash(one), argsHash(two)]);
    expect(audit.rows[0]?.argsHash).not.toBe(audit.rows[1]?.argsHash);
  });

  it('100,000 levels under a tool that validates them: one row, the exact hash', async () => {
    const { path, grants, audit } = setup({ providers: { notifications: { post: async () => ({ structuredContent: {} }) } } });
    grants.set(appId, 'notifications.post', 'granted');
    const args = { title: 'deep', params: nested(100_000, 'leaf') };
    const answer = await path.call(ui('notifications_post', args));
    expect(answer.kind).toBe('result');
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.argsHash).toBe(argsHash(args));
  });
});

describe('nothing a host plugs in may hang a call', () => {
  it('a blob store get that never answers: storeFailed within blobTimeoutMs, the row written', async () => {
    const { path, grants, audit } = setup({ blobTimeoutMs: 30, blobs: { get: never, put: never } });
    grants.set(appId, 'share.send', 'granted');
    const [answer, ms] = await elapsed(() => path.call(ui('share_send', { fileId: 'f1', name: 'a.txt' })));
    expect(text(answer as never)).toBe('storeFailed');
    expect(ms).toBeLessThan(2_000);
    expect(audit.rows).toHaveLength(1);
  });

  it('a blob store put that never answers: storeFailed, the row written', async () => {
    const { path, grants, audit } = setup({ blobTimeoutMs: 30, blobs: { get: () => undefined, put: never, remove: never } });
    grants.set(appId, 'photos.read', 'granted');
    const answer = await path.call(ui('photos_pick', {}));
    expect(text(answer as never)).toBe('storeFailed');
    expect(audit.rows).toHaveLength(1);
  });

  it('a grant store get that never answers counts as undecided', async () => {
    const { path, audit } = setup({ grantTimeoutMs: 30, grants: { get: never, set: () => undefined, delete: () => undefined } });
    const answer = await path.call(agent('photos__pick', {}, false));
    expect(answer.verdict.reason).toBe('consentNeeded');
    expect(audit.rows).toHaveLength(1);
  });

  it('a grant store set that never answers refuses consentNeeded', async () => {
    const { path, audit, nativeCalls } = setup({ grantTimeoutMs: 30, grants: { get: () => undefined, set: never, delete: () => undefined } }, ['allow']);
    const answer = await path.call(ui('photos_pick', {}));
    expect(answer.verdict.reason).toBe('consentNeeded');
    expect(nativeCalls).toEqual([]);
    expect(audit.rows).toHaveLength(1);
  });

  it('a consent UI that never answers counts as dismiss', async () => {
    const { path, grants, audit } = setup({ consentTimeoutMs: 30, consent: never });
    const answer = await path.call(ui('photos_pick', {}));
    expect(answer.verdict.reason).toBe('consentNeeded');
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(audit.rows).toHaveLength(1);
  });
});

describe('the audit queue never makes calls wait on each other', () => {
  it('with a sink that never answers, 20 parallel calls all answer after about one audit timeout', async () => {
    const timeout = 100;
    const { path } = setup({ audit: { write: never }, auditTimeoutMs: timeout });
    const [answers, ms] = await elapsed(() => Promise.all(Array.from({ length: 20 }, () => path.call(ui('bluetooth_scan')))));
    expect(answers).toHaveLength(20);
    expect(ms).toBeLessThan(timeout * 5);
    expect(path.pendingAudit()).toHaveLength(20);
  });

  it('a row the sink always refuses blocks no row behind it', async () => {
    const written: AuditRow[] = [];
    const sink = {
      write: (row: AuditRow) => {
        if (row.tool === 'bluetooth__scan') throw new Error('poison');
        written.push(row);
      },
    };
    const { path } = setup({ audit: sink });
    await path.call(ui('bluetooth_scan'));
    for (let i = 0; i < 200; i++) await path.call(ui('camera_capture', {}));
    expect(written).toHaveLength(200);
    expect(path.pendingAudit().map((p) => p.row.tool)).toEqual(['bluetooth__scan']);
  });

  it('a full queue refuses new calls unavailable, runs nothing, and reports the row it could not keep', async () => {
    const errors: unknown[] = [];
    const { path, grants, nativeCalls } = setup({
      audit: {
        write: () => {
          throw new Error('down');
        },
      },
      maxPendingAudit: 3,
      onAuditError: (error) => errors.push(error),
    });
    grants.set(appId, 'photos.read', 'granted');
    for (let i = 0; i < 3; i++) await path.call(ui('bluetooth_scan'));
    expect(path.pendingAudit()).toHaveLength(3);
    const refused = await path.call(ui('photos_pick', {}));
    expect(refused.verdict.verdict).toBe('unavailable');
    expect(text(refused as never)).toBe('unavailable: auditFailed');
    expect(refused.audit).toMatchObject({ tool: 'photos__pick', status: 'denied', error: 'unavailable' });
    expect(nativeCalls).toEqual([]);
    expect(path.pendingAudit()).toHaveLength(3);
    expect(path.unwrittenRefusals()).toBe(1);
    expect(String(errors.at(-1))).toMatch(/audit queue is full/);
  });
});

describe('tool names longer than 128 characters (clarification 21)', () => {
  it('are unknown; the -32602 message and the row carry the first 128 code points and …', async () => {
    const { path, audit } = setup();
    const name = `photos__${'😀'.repeat(200)}`;
    const answer = await path.call(agent(name, {}));
    const shown = [...name].slice(0, 128).join('');
    expect(answer.kind === 'rpcError' && answer.error.message).toBe(`Unknown tool: ${shown}…`);
    expect(audit.rows[0]?.tool).toBe(`${shown}…`);
  });

  it('a UI name is qualified first, then cut', async () => {
    const { path, audit } = setup();
    const name = `x_${'y'.repeat(300)}`;
    await path.call(ui(name));
    expect(audit.rows[0]?.tool).toBe(`x__${'y'.repeat(125)}…`);
  });

  it('a 100 MB name costs no 100 MB row', async () => {
    const { path, audit } = setup();
    const answer = await path.call(agent('a'.repeat(100_000_000), {}));
    expect(answer.kind === 'rpcError' && answer.error.message.length).toBe('Unknown tool: '.length + 129);
    expect(audit.rows[0]?.tool.length).toBe(129);
  });
});
