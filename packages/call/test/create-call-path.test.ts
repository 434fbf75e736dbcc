import { describe, it, expect } from 'vitest';
import { argsHash } from '@xcap/audit';
import { agentToolList } from '@xcap/broker';
import { createCallPath, HostSetupError } from '../src/index.js';
import { appId, catalog, setup } from './setup.js';
import { errorOf } from '@xcap/test-support';

const ui = (name: string, args?: unknown, foreground = true) => ({ from: 'ui' as const, name, ...(args === undefined ? {} : { arguments: args }), foreground });
const agent = (name: string, args?: unknown, foreground = false) => ({ from: 'agent' as const, name, arguments: args, foreground, client: 'run-7' });

describe('createCallPath: the host setup', () => {
  it('throws a HostSetupError listing every problem', () => {
    const { options } = setup();
    let thrown: unknown;
    try {
      createCallPath({
        ...options,
        app: {
          id: appId,
          screens: ['albums', 7 as unknown as string],
          manifest: [
            { id: 'photo.read', why: 'x' },
            { id: 'shell.edit', why: 'y' },
          ],
        },
        provided: ['photos', 'bluetooth', 'windows', 'photos'],
        consent: undefined as never,
        audit: {} as never,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HostSetupError);
    const problems = (thrown as HostSetupError).problems;
    expect(problems).toEqual([
      'app.screens/1: not a non-empty string',
      'manifest/0/id: no scope "photo.read" in the catalog',
      'manifest/1/id: "shell.edit" is host-only, never an app\'s',
      'provided/1: no capability "bluetooth" in the catalog',
      'provided/2: "windows" is provided only by host "ede" (this host is unnamed)',
      'provided/3: "photos" listed twice',
      'audit.write: not a function',
      'consent: not a function',
    ]);
    expect((thrown as Error).message).toContain('invalid xcap host setup for app "acme.album":\n  - app.screens/1');
  });

  it('names a provided capability without its provider object, and each native tool without its method', () => {
    const { options } = setup();
    let thrown: unknown;
    try {
      createCallPath({
        ...options,
        providers: {
          photos: { pick: () => undefined, get: 'no' },
          share: { send: () => undefined },
          notifications: Object.create({ post: () => undefined }) as object,
        },
      });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as HostSetupError).problems).toEqual([
      'providers.notifications.cancel: not a function (notifications is provided)',
      'providers.photos.get: not a function (photos is provided)',
      'providers.photos.list: not a function (photos is provided)',
      'providers.print: missing (print is provided and has native tools)',
    ]);
  });

  it('never takes an Object.prototype member for a native method', () => {
    const { options } = setup();
    const catalogWithToString = {
      ...options.catalog,
      tools: options.catalog.tools.map((t) => (t.name === 'share_send' ? { ...t, name: 'share_toString' } : t)),
    };
    expect(() => createCallPath({ ...options, catalog: catalogWithToString, providers: { ...options.providers, share: {} } })).toThrow(
      'providers.share.toString: not a function',
    );
  });

  it('names a manifest that is no array', () => {
    const { options } = setup();
    expect(() => createCallPath({ ...options, app: { id: appId, screens: [], manifest: {} } })).toThrow(/manifest: not an array/);
  });

  it('accepts the ede capabilities on the host named ede', () => {
    const { options } = setup();
    const providers = {
      windows: { list: () => ({ structuredContent: { windows: [] } }) },
      focus: { window: () => ({ structuredContent: { focused: true } }) },
    };
    const path = createCallPath({
      ...options,
      host: 'ede',
      provided: ['windows', 'focus'],
      providers,
      app: { id: appId, screens: [], manifest: [{ id: 'windows.read', why: 'Show them.' }] },
    });
    expect(path.listTools().map((t) => t.name)).toEqual(['windows__list']);
  });

  it('keeps the validated manifest and lists tools with agentToolList', () => {
    const { path, options } = setup();
    expect(path.app.manifest).toEqual(options.app.manifest);
    expect(path.listTools()).toEqual(agentToolList(catalog, { manifest: path.app.manifest, provided: options.provided }));
    expect(path.listTools().map((t) => t.name)).toContain('photos__pick');
  });
});

describe('createCallPath: calls', () => {
  it('a granted call runs the native and audits ok', async () => {
    const { path, grants, audit, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    const answer = await path.call(ui('photos_pick', { limit: 2 }));
    expect(answer.kind).toBe('result');
    expect(answer.kind === 'result' && answer.result.structuredContent).toEqual({
      photos: [{ id: 'ph-1', name: 'a.jpg', mimeType: 'image/jpeg', takenAt: null, size: 2, fileId: 'blob-1' }],
    });
    expect(nativeCalls).toEqual([{ tool: 'photos_pick', input: { limit: 2 } }]);
    expect(audit.rows).toEqual([{ appId, clientId: 'ui', tool: 'photos__pick', status: 'ok', error: null, argsHash: argsHash({ limit: 2 }) }]);
    expect(answer.audit).toEqual(audit.rows[0]);
    expect(answer.outcome).toBe('ok');
  });

  it('passes every row to the sink with the call start time (host clock) and duration', async () => {
    let now = new Date('2026-11-01T10:00:00Z');
    const { path, grants, audit } = setup({
      clock: () => now,
      providers: { photos: { pick: () => new Promise((resolve) => setTimeout(() => resolve({ structuredContent: { photos: [] } }), 30)) } },
    });
    grants.set(appId, 'photos.read', 'granted');
    await path.call(ui('photos_pick', {}));
    now = new Date('2026-11-01T10:00:01Z');
    await path.call(ui('bluetooth_scan'));
    expect(audit.metas).toHaveLength(2);
    expect(audit.metas[0]?.at).toBe('2026-11-01T10:00:00.000Z');
    expect(audit.metas[1]?.at).toBe('2026-11-01T10:00:01.000Z');
    expect(audit.metas[0]?.durationMs).toBeGreaterThanOrEqual(25);
    expect(audit.metas[1]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(audit.metas[1]?.durationMs).toBeLessThan(audit.metas[0]?.durationMs ?? 0);
  });

  it('refusals answer isError with the documented text', async () => {
    const { path, audit, nativeCalls } = setup();
    const background = await path.call(agent('photos__pick', {}));
    expect(background.kind === 'result' && background.result).toEqual({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
    const unavailable = await path.call(ui('camera_capture', {}));
    expect(unavailable.kind === 'result' && unavailable.result.content[0].text).toBe('denied: notDeclared');
    const unknown = await path.call(ui('bluetooth_scan'));
    expect(unknown.kind === 'result' && unknown.result.content[0].text).toBe('unknownTool');
    expect(audit.rows.map((r) => [r.tool, r.status, r.error])).toEqual([
      ['photos__pick', 'denied', 'consentNeeded'],
      ['camera__capture', 'denied', 'notDeclared'],
      ['bluetooth__scan', 'denied', 'unknownTool'],
    ]);
    expect(nativeCalls).toEqual([]);
  });

  it('a declared capability the host lacks answers unavailable', async () => {
    const { options } = setup();
    const { path, audit } = setup({ provided: ['photos'], app: { ...options.app } });
    const answer = await path.call(ui('share_send', { text: 'x' }));
    expect(answer.kind === 'result' && answer.result.content[0].text).toBe('unavailable');
    expect(audit.rows[0]).toMatchObject({ status: 'denied', error: 'unavailable' });
  });

  it("an agent's unknown tool is JSON-RPC -32602 with no hint, and audited", async () => {
    const { path, audit } = setup();
    const answer = await path.call(agent('photos__delete', {}));
    expect(answer).toMatchObject({ kind: 'rpcError', error: { code: -32602, message: 'Unknown tool: photos__delete' }, outcome: null });
    expect(audit.rows).toEqual([{ appId, clientId: 'run-7', tool: 'photos__delete', status: 'denied', error: 'unknownTool', argsHash: argsHash({}) }]);
  });

  it('a UI spelling from an agent is unknown too', async () => {
    const { path } = setup();
    const answer = await path.call(agent('photos_pick', {}));
    expect(answer.kind).toBe('rpcError');
  });

  it('absent arguments are hashed as {} and validated with defaults', async () => {
    const { path, grants, audit, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    await path.call(ui('photos_pick'));
    expect(nativeCalls[0]?.input).toEqual({ limit: 1 });
    expect(audit.rows[0]?.argsHash).toBe(argsHash({}));
  });

  it('a native isError is audited failed and passes through', async () => {
    const { path, grants, audit } = setup();
    grants.set(appId, 'photos.read', 'granted');
    const answer = await path.call(agent('photos__get', { id: 'gone' }));
    expect(answer.kind === 'result' && answer.result).toEqual({ content: [{ type: 'text', text: 'notFound' }], isError: true });
    expect(audit.rows[0]).toMatchObject({ status: 'failed', error: null, clientId: 'run-7' });
  });

  it('a provider method gone after setup answers unreachable (audited upstream)', async () => {
    const photos = Object.assign(Object.create(null) as Record<string, unknown>, { pick: () => undefined, get: () => undefined, list: () => undefined });
    const { path, grants, audit } = setup({ providers: { photos } });
    delete (photos as Record<string, unknown>).list;
    grants.set(appId, 'photos.read', 'granted');
    const answer = await path.call(ui('photos_list', {}));
    expect(answer.kind === 'result' && answer.result.content[0].text).toBe('unreachable');
    expect(answer.outcome).toBe('unreachable');
    expect(audit.rows[0]).toMatchObject({ status: 'upstream', error: 'unreachable' });
  });

  it('calls class-based providers with their object as this', async () => {
    class Sharer {
      readonly answer = { shared: false };
      send() {
        return { structuredContent: this.answer };
      }
    }
    const { path } = setup({ providers: { share: new Sharer() } });
    const answer = await path.call(ui('share_send', { text: 'x' }));
    expect(answer.kind === 'result' && answer.result.structuredContent).toEqual({ shared: false });
  });

  it('print_pdf runs in the engine, never calling a provider', async () => {
    const { path, blobs, nativeCalls } = setup();
    const answer = await path.call(ui('print_pdf', { title: 'T', blocks: [{ heading: 'Hi' }] }));
    expect(answer.outcome).toBe('ok');
    const file = answer.kind === 'result' ? (answer.result.structuredContent as { file: { fileId: string } }).file : null;
    expect(new TextDecoder().decode(blobs.get(appId, file!.fileId)!.bytes.subarray(0, 8))).toBe('%PDF-1.4');
    expect(nativeCalls).toEqual([]);
  });

  it('invalid arguments are audited invalid and never reach the native', async () => {
    const { path, grants, audit, nativeCalls } = setup();
    grants.set(appId, 'photos.read', 'granted');
    const answer = await path.call(ui('photos_pick', { limit: 0 }));
    expect(answer.kind === 'result' && answer.result.content[0].text).toBe('invalidParams: /limit minimum');
    expect(audit.rows[0]).toMatchObject({ status: 'invalid', error: 'invalidParams' });
    expect(nativeCalls).toEqual([]);
  });

  it('uses the host randomHex for a notification without id', async () => {
    const seen: unknown[] = [];
    const { path, grants } = setup({ providers: { notifications: { post: (input: unknown) => (seen.push(input), { structuredContent: {} }) } } });
    grants.set(appId, 'notifications.post', 'granted');
    const answer = await path.call(ui('notifications_post', { title: 'Hi' }));
    expect(answer.kind === 'result' && answer.result.structuredContent).toEqual({ id: 'n-0123456789abcdef0123456789abcdef' });
    expect(seen).toEqual([{ id: 'acme.album/n-0123456789abcdef0123456789abcdef', title: 'Hi', body: null, at: null, tap: null }]);
  });

  it('a native that hangs ends timeout within timeoutMs', async () => {
    const { path, grants, audit } = setup({ timeoutMs: 20, providers: { share: { send: () => new Promise(() => undefined) } } });
    grants.set(appId, 'share.send', 'granted');
    const answer = await path.call(ui('share_send', { text: 'x' }));
    expect(answer.outcome).toBe('timeout');
    expect(audit.rows[0]).toMatchObject({ status: 'upstream', error: 'timeout' });
  });

  it('arguments that are not JSON data end invalidParams: / type and still get their one row', async () => {
    const { path, grants, audit, nativeCalls } = setup();
    grants.set(appId, 'share.send', 'granted');
    const answer = await path.call(ui('share_send', { text: 'x', when: new Date(0), n: 1n }));
    expect(answer.kind === 'result' && answer.result.content[0].text).toBe('invalidParams: / type');
    expect(nativeCalls).toEqual([]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ status: 'invalid', error: 'invalidParams', argsHash: argsHash({ text: 'x', when: null, n: null }) });
  });

  it('rejects malformed requests with a TypeError', async () => {
    const { path, audit } = setup();
    await expect(path.call({ from: 'agent', name: 'photos__pick', foreground: true } as never)).rejects.toThrow(errorOf(TypeError, /run id/));
    await expect(path.call({ from: 'mcp', name: 'x', foreground: true } as never)).rejects.toThrow(errorOf(TypeError, /"ui" or "agent"/));
    await expect(path.call({ from: 'ui', name: 'photos_pick' } as never)).rejects.toThrow(errorOf(TypeError, /foreground/));
    await expect(path.call({ from: 'ui', name: 'photos_pick', foreground: true, client: 'run-1' } as never)).rejects.toThrow(errorOf(TypeError, /no client/));
    expect(audit.rows).toEqual([]);
  });
});

describe('createCallPath: consent', () => {
  it('allow writes granted and calls; the request carries the sheet and the argsHash its row records', async () => {
    const { path, grants, asked, audit } = setup({}, ['allow']);
    const answer = await path.call(ui('photos_pick', {}));
    expect(answer.outcome).toBe('ok');
    expect(grants.get(appId, 'photos.read')).toBe('granted');
    expect(asked).toEqual([
      {
        app: appId,
        scope: 'photos.read',
        sheet: { title: 'Photos', text: 'This app wants to access your photos. Pick the photos for an album.' },
        verdict: { verdict: 'ask', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: null },
        agent: null,
        client: null,
        tool: { id: 'photos_pick', description: catalog.tools.find((t) => t.name === 'photos_pick')?.description },
        arguments: {},
        argsHash: argsHash({}),
        signal: expect.any(AbortSignal) as AbortSignal,
        detached: expect.any(AbortSignal) as AbortSignal,
        deadline: Date.parse('2026-11-01T10:00:00Z') + 120_000,
      },
    ]);
    expect(asked[0]?.tool.description).toMatch(/^Let the person pick photos/);
    expect(asked[0]?.detached.aborted).toBe(false);
    expect(audit.rows.map((r) => [r.status, r.argsHash])).toEqual([['ok', argsHash({})]]);
  });

  it('a consent UI that throws counts as dismiss', async () => {
    const { path, grants, asked, audit, nativeCalls } = setup({}, [new Error('sheet crashed')]);
    const answer = await path.call(ui('photos_pick', {}));
    expect(answer.kind === 'result' && answer.result.content[0].text).toBe('denied: consentNeeded');
    expect(asked).toHaveLength(1);
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(nativeCalls).toEqual([]);
    expect(audit.rows[0]).toMatchObject({ status: 'denied', error: 'consentNeeded' });
  });

  it('an answer other than allow/deny/dismiss counts as dismiss', async () => {
    const { path, grants } = setup({}, ['yes']);
    const answer = await path.call(ui('photos_pick', {}));
    expect(answer.verdict.reason).toBe('consentNeeded');
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
  });

  it('a grant store that fails to read counts as undecided', async () => {
    const failing = { get: () => Promise.reject(new Error('disk')), set: () => undefined, delete: () => undefined };
    const { path, asked } = setup({ grants: failing }, ['deny']);
    expect((await path.call(agent('photos__pick', {}, false))).verdict.reason).toBe('consentNeeded');
    expect(asked).toHaveLength(0);
    expect((await path.call(ui('photos_pick', {}))).verdict.reason).toBe('consentDenied');
    expect(asked).toHaveLength(1);
  });

  it('a grant store that fails to write the answer refuses consentNeeded and runs nothing', async () => {
    const failing = {
      get: () => undefined,
      set: () => {
        throw new Error('read-only');
      },
      delete: () => undefined,
    };
    const { path, audit, nativeCalls } = setup({ grants: failing }, ['allow']);
    const answer = await path.call(ui('photos_pick', {}));
    expect(answer.verdict).toEqual({ verdict: 'denied', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: 'consentNeeded' });
    expect(nativeCalls).toEqual([]);
    expect(audit.rows).toHaveLength(1);
  });

  it('the UI and an agent get sheets of their own for one scope; one stored allow ends both', async () => {
    const releases: ((answer: 'allow') => void)[] = [];
    const { path, audit } = setup({ consent: () => new Promise((resolve) => releases.push(resolve)) });
    const first = path.call(ui('photos_pick', {}));
    const second = path.call(agent('photos__pick', {}, true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(releases).toHaveLength(2);
    releases[1]?.('allow');
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.outcome)).toEqual(['ok', 'ok']);
    expect(releases).toHaveLength(2);
    expect(audit.rows).toHaveLength(2);
  });
});

describe('createCallPath: calls waiting for a sheet', () => {
  it('with the same scope, agent and arguments share its answer: one dismissal answers them all, no second sheet', async () => {
    let release: (answer: 'dismiss') => void = () => undefined;
    let sheets = 0;
    const { path, audit } = setup({
      consent: () => {
        sheets++;
        return new Promise((resolve) => (release = resolve));
      },
    });
    const calls = [path.call(agent('photos__list', {}, true)), path.call(agent('photos__list', {}, true)), path.call(agent('photos__list', {}, true))];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release('dismiss');
    const answers = await Promise.all(calls);
    expect(sheets).toBe(1);
    expect(answers.map((a) => [a.verdict.tool, a.verdict.verdict, a.verdict.reason])).toEqual([
      ['list', 'denied', 'consentNeeded'],
      ['list', 'denied', 'consentNeeded'],
      ['list', 'denied', 'consentNeeded'],
    ]);
    expect(audit.rows.map((r) => [r.tool, r.status])).toEqual([
      ['photos__list', 'denied'],
      ['photos__list', 'denied'],
      ['photos__list', 'denied'],
    ]);
  });
});

describe('createCallPath: timeouts and bounds in the setup', () => {
  it('names every bad timeout and a bad queue bound', () => {
    const { options } = setup();
    expect(() => createCallPath({ ...options, blobTimeoutMs: -1, grantTimeoutMs: Number.NaN, consentTimeoutMs: 'x' as never, maxPendingAudit: 0 })).toThrow(
      /blobTimeoutMs: not a number ≥ 0\n  - grantTimeoutMs: not a number ≥ 0\n  - consentTimeoutMs: not a number ≥ 0\n  - maxPendingAudit: not an integer ≥ 1/,
    );
  });
});

describe('createCallPath: a failing audit sink', () => {
  it('never fails the call, keeps the row pending and writes it, first, with the next write', async () => {
    const written: string[] = [];
    const errors: unknown[] = [];
    let failing = true;
    const sink = {
      write: (row: { tool: string }) => {
        if (failing) throw new Error('disk full');
        written.push(row.tool);
      },
    };
    const { path } = setup({ audit: sink, onAuditError: (error) => errors.push(error) });
    const answer = await path.call(ui('bluetooth_scan'));
    expect(answer.kind).toBe('result');
    expect(path.pendingAudit()).toEqual([
      {
        row: answer.audit,
        since: '2026-11-01T10:00:00.000Z',
        attempts: 1,
        lastError: 'disk full',
        meta: { at: '2026-11-01T10:00:00.000Z', durationMs: expect.any(Number) },
      },
    ]);
    expect(errors).toHaveLength(1);
    failing = false;
    await path.call(ui('camera_capture', {}));
    expect(written).toEqual(['bluetooth__scan', 'camera__capture']);
    expect(path.pendingAudit()).toEqual([]);
  });

  it('flushAudit retries and answers how many are left', async () => {
    let failing = true;
    const rows: unknown[] = [];
    const { path } = setup({
      audit: {
        write: async (row) => {
          if (failing) throw new Error('down');
          rows.push(row);
        },
      },
    });
    await path.call(ui('bluetooth_scan'));
    await path.call(ui('bluetooth_scan'));
    expect(path.pendingAudit().map((p) => p.attempts)).toEqual([2, 1]);
    expect(await path.flushAudit()).toBe(2);
    expect(path.pendingAudit().map((p) => p.attempts)).toEqual([3, 2]);
    failing = false;
    expect(await path.flushAudit()).toBe(0);
    expect(rows).toHaveLength(2);
  });

  it('a sink that never answers times out; the call still answers', async () => {
    const { path } = setup({ audit: { write: () => new Promise(() => undefined) }, auditTimeoutMs: 20 });
    const answer = await path.call(ui('bluetooth_scan'));
    expect(answer.kind).toBe('result');
    expect(path.pendingAudit()[0]?.lastError).toBe('audit sink did not answer within 20 ms');
  });
});
