/**
 * The spec's whole story, end to end through the one call path on the fake
 * host: decide → consent → bridge → exactly one audit row → the answer.
 */
import { describe, it, expect } from 'vitest';
import { argsHash } from '@xcap/audit';
import type { CallAnswer } from '@xcap/call';
import { createFakeHost, sampleNatives, type FakeHost } from '../src/index.js';

const app = 'acme.album';
const text = (answer: CallAnswer) => (answer.kind === 'result' ? answer.result.content[0].text : `rpc ${answer.error.code}`);
const row = (tool: string, status: string, error: string | null, args: unknown = {}, clientId = 'ui') => ({
  appId: app,
  clientId,
  tool,
  status,
  error,
  argsHash: argsHash(args),
});

/** Runs calls and checks each wrote exactly one audit row. */
async function calls(host: FakeHost, ...run: (() => Promise<CallAnswer>)[]): Promise<CallAnswer[]> {
  const answers: CallAnswer[] = [];
  for (const call of run) {
    const before = host.auditRows.length;
    const answer = await call();
    expect(host.auditRows.length - before).toBe(1);
    expect(host.auditRows.at(-1)).toEqual(answer.audit);
    answers.push(answer);
  }
  return answers;
}

describe('ask scopes', () => {
  it('a granted ask scope calls and audits ok', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'photos.read': 'granted' } });
    const [answer] = await calls(host, () => host.agent('photos__pick', { limit: 2 }, 'run-7'));
    expect(answer?.kind === 'result' && (answer.result.structuredContent as { photos: { fileId: string }[] }).photos.map((p) => p.fileId)).toEqual([
      'blob-1',
      'blob-2',
    ]);
    expect(host.auditRows).toEqual([row('photos__pick', 'ok', null, { limit: 2 }, 'run-7')]);
    expect(host.consent.asked).toEqual([]);
    expect((await host.file('blob-1'))?.mimeType).toBe('image/png');
  });

  it('undecided, foreground: allow persists the grant and calls; the next call asks nothing', async () => {
    const host = createFakeHost({ natives: sampleNatives(), consent: ['allow'] });
    const [first, second] = await calls(
      host,
      () => host.ui('photos_pick', {}),
      () => host.agent('photos__list', {}),
    );
    expect(first?.outcome).toBe('ok');
    expect(second?.outcome).toBe('ok');
    expect(await host.grant('photos.read')).toBe('granted');
    expect(host.consent.asked.map((r) => [r.scope, r.sheet.title, r.sheet.text])).toEqual([
      ['photos.read', 'Photos', 'This app wants to access your photos. Test: photos.read'],
    ]);
    expect(host.nativeCalls.map((c) => c.tool)).toEqual(['photos_pick', 'photos_list']);
    expect(host.auditRows.map((r) => r.status)).toEqual(['ok', 'ok']);
  });

  it('undecided, foreground: deny persists denied; the next call is refused without a sheet', async () => {
    const host = createFakeHost({ natives: sampleNatives(), consent: ['deny'] });
    const answers = await calls(
      host,
      () => host.ui('photos_pick', {}),
      () => host.ui('photos_pick', {}),
    );
    expect(answers.map(text)).toEqual(['denied: consentDenied', 'denied: consentDenied']);
    expect(await host.grant('photos.read')).toBe('denied');
    expect(host.consent.asked).toHaveLength(1);
    expect(host.nativeCalls).toEqual([]);
    expect(host.auditRows).toEqual([row('photos__pick', 'denied', 'consentDenied'), row('photos__pick', 'denied', 'consentDenied')]);
  });

  it('undecided, foreground: dismiss writes nothing and asks again next time', async () => {
    const host = createFakeHost({ natives: sampleNatives(), consent: ['dismiss', 'allow'] });
    const answers = await calls(
      host,
      () => host.ui('photos_pick', {}),
      () => host.ui('photos_pick', {}),
    );
    expect(text(answers[0]!)).toBe('denied: consentNeeded');
    expect(answers[1]?.outcome).toBe('ok');
    expect(host.consent.asked).toHaveLength(2);
    expect(host.auditRows.map((r) => r.error)).toEqual(['consentNeeded', null]);
  });

  it('a consent UI that fails counts as dismiss', async () => {
    const host = createFakeHost({ consent: ['throw'] });
    const [answer] = await calls(host, () => host.ui('photos_pick', {}));
    expect(text(answer!)).toBe('denied: consentNeeded');
    expect(await host.grant('photos.read')).toBeUndefined();
  });

  it('undecided, background: never a sheet, consentNeeded', async () => {
    const host = createFakeHost({ natives: sampleNatives(), consent: ['allow'], foreground: false });
    const answers = await calls(
      host,
      () => host.agent('photos__pick', {}),
      () => host.ui('notifications_post', { title: 'Hi' }),
    );
    expect(answers.map(text)).toEqual(['denied: consentNeeded', 'denied: consentNeeded']);
    expect(host.consent.asked).toEqual([]);
    expect(host.consent.remaining).toBe(1);
    host.setForeground(true);
    const [later] = await calls(host, () => host.agent('photos__pick', {}));
    expect(later?.outcome).toBe('ok');
  });
});

describe('picker scopes', () => {
  it('call in the foreground with no grant, needsForeground in the background, nothing persisted', async () => {
    const host = createFakeHost({ natives: sampleNatives() });
    const answers = await calls(
      host,
      () => host.ui('share_send', { text: 'Our album' }),
      () => host.call({ from: 'agent', name: 'files__open', arguments: {}, foreground: false }),
      () => host.ui('files_open', {}),
    );
    expect(answers.map((a) => a.outcome)).toEqual(['ok', null, 'ok']);
    expect(text(answers[1]!)).toBe('denied: needsForeground');
    expect(host.consent.asked).toEqual([]);
    expect(await host.grant('share.send')).toBeUndefined();
    expect(host.auditRows.map((r) => [r.tool, r.status, r.error])).toEqual([
      ['share__send', 'ok', null],
      ['files__open', 'denied', 'needsForeground'],
      ['files__open', 'ok', null],
    ]);
  });
});

describe('origins', () => {
  const manifest = [{ id: 'http.fetch', why: 'Load exchange rates.', origins: ['https://api.example.com', 'https://rates.example.org:8443'] }];

  it('the sheet names the origins; an undeclared, missing or unparsable url is refused before consent', async () => {
    const host = createFakeHost({ manifest, consent: ['allow'] });
    const answers = await calls(
      host,
      () => host.ui('http_fetch', { url: 'https://evil.example.net/x' }),
      () => host.ui('http_fetch', {}),
      () => host.ui('http_fetch', { url: 'http://api.example.com/v1' }),
      () => host.ui('http_fetch', { url: 'not a url' }),
      () => host.ui('http_fetch', { url: 'HTTPS://API.example.com:443/v1/rates' }),
    );
    expect(answers.slice(0, 4).map(text)).toEqual(Array(4).fill('denied: originNotDeclared'));
    expect(host.consent.asked.map((r) => r.sheet.text)).toEqual([
      'This app wants to connect to api.example.com and rates.example.org:8443. Load exchange rates.',
    ]);
    expect(answers[4]?.verdict.verdict).toBe('call');
    expect(text(answers[4]!)).toBe('unavailable');
    expect(host.auditRows.at(-1)).toMatchObject({ tool: 'http__fetch', status: 'failed', error: null });
  });
});

describe('every refusal is audited denied', () => {
  it('hostOnly, notDeclared, unavailable, unknown', async () => {
    const host = createFakeHost({
      manifest: [
        { id: 'photos.read', why: 'Pick photos.' },
        { id: 'camera.capture', why: 'Scan.' },
      ],
      provided: ['photos', 'shell'],
    });
    const answers = await calls(
      host,
      () => host.agent('shell__edit', {}),
      () => host.ui('share_send', { text: 'x' }),
      () => host.ui('camera_capture'),
      () => host.ui('bluetooth_scan', { on: true }),
      () => host.ui('photos'),
    );
    expect(answers.map(text)).toEqual(['denied: hostOnly', 'denied: notDeclared', 'unavailable', 'unknownTool', 'unknownTool']);
    expect(host.auditRows).toEqual([
      row('shell__edit', 'denied', 'hostOnly', {}, 'run-1'),
      row('share__send', 'denied', 'notDeclared', { text: 'x' }),
      row('camera__capture', 'denied', 'unavailable'),
      row('bluetooth__scan', 'denied', 'unknownTool', { on: true }),
      row('photos', 'denied', 'unknownTool'),
    ]);
    expect(host.nativeCalls).toEqual([]);
  });

  it("an agent's unknown tool is JSON-RPC -32602 with no hint; the UI's is a refusal; both audited", async () => {
    const host = createFakeHost({ grants: { 'photos.read': 'granted' } });
    const [fromAgent, fromUi, wrongSpelling] = await calls(
      host,
      () => host.agent('photos__delete', {}, 'run-7'),
      () => host.ui('photos_delete', {}),
      () => host.agent('photos_pick', {}),
    );
    expect(fromAgent).toMatchObject({ kind: 'rpcError', error: { code: -32602, message: 'Unknown tool: photos__delete' } });
    expect(fromUi?.kind === 'result' && fromUi.result).toEqual({ content: [{ type: 'text', text: 'unknownTool' }], isError: true });
    expect(wrongSpelling?.kind).toBe('rpcError');
    expect(host.auditRows).toEqual([
      row('photos__delete', 'denied', 'unknownTool', {}, 'run-7'),
      row('photos__delete', 'denied', 'unknownTool'),
      row('photos_pick', 'denied', 'unknownTool', {}, 'run-1'),
    ]);
  });
});

describe('calls that reach the bridge', () => {
  const granted = { 'photos.read': 'granted', 'notifications.post': 'granted' } as const;

  it('invalid arguments are audited invalid; the native never runs', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: granted });
    const answers = await calls(
      host,
      () => host.ui('photos_pick', { limit: 0 }),
      () => host.ui('notifications_post', { title: 'Hi', screen: 'nope' }),
      () => host.agent('photos__get', []),
    );
    expect(answers.map(text)).toEqual(['invalidParams: /limit minimum', 'invalidParams: /screen enum', 'invalidParams: / type']);
    expect(host.auditRows.map((r) => [r.status, r.error])).toEqual(Array(3).fill(['invalid', 'invalidParams']));
    expect(host.nativeCalls).toEqual([]);
  });

  it('a native that throws or hangs is audited upstream', async () => {
    const host = createFakeHost({ natives: { photos_pick: { throws: 'camera roll locked' }, photos_list: { hangs: true } }, grants: granted, timeoutMs: 30 });
    const answers = await calls(
      host,
      () => host.ui('photos_pick', {}),
      () => host.ui('photos_list', {}),
    );
    expect(answers.map(text)).toEqual(['rpcError', 'timeout']);
    expect(host.auditRows.map((r) => [r.status, r.error])).toEqual([
      ['upstream', 'rpcError'],
      ['upstream', 'timeout'],
    ]);
  });

  it('a native isError is audited failed; an off-schema answer is badResult, nothing stored', async () => {
    const host = createFakeHost({
      natives: { photos_get: { isError: 'notFound' }, photos_pick: { answers: { structuredContent: { photos: [{ id: 'x' }] } } } },
      grants: granted,
    });
    const answers = await calls(
      host,
      () => host.ui('photos_get', { id: 'gone' }),
      () => host.ui('photos_pick', {}),
    );
    expect(answers.map(text)).toEqual(['notFound', 'badResult: /photos/0/name required']);
    expect(host.auditRows.map((r) => [r.status, r.error])).toEqual([
      ['failed', null],
      ['failed', null],
    ]);
    expect(await host.file('blob-1')).toBeUndefined();
  });

  it('an unscripted native answers unavailable (audited failed)', async () => {
    const host = createFakeHost({ grants: granted });
    const [answer] = await calls(host, () => host.ui('photos_pick', {}));
    expect(text(answer!)).toBe('unavailable');
    expect(host.nativeCalls).toEqual([{ tool: 'photos_pick', input: { limit: 1 } }]);
  });

  it('a function native sees the mapped input; generated ids are deterministic', async () => {
    const seen: unknown[] = [];
    const host = createFakeHost({ natives: { notifications_post: (input) => (seen.push(input), { structuredContent: {} }) }, grants: granted });
    const answers = await calls(
      host,
      () => host.ui('notifications_post', { title: 'Due', screen: 'page', params: { id: 'p2' } }),
      () => host.ui('notifications_post', { title: 'Again' }),
    );
    expect(answers.map((a) => a.kind === 'result' && a.result.structuredContent)).toEqual([
      { id: 'n-00000000000000000000000000000001' },
      { id: 'n-00000000000000000000000000000002' },
    ]);
    expect(seen[0]).toEqual({
      id: 'acme.album/n-00000000000000000000000000000001',
      title: 'Due',
      body: null,
      at: null,
      tap: { type: 'notificationTap', app, screen: 'page', params: { id: 'p2' } },
    });
  });

  it('app files resolve through the seeded blob store; print_pdf runs in the engine', async () => {
    const host = createFakeHost({ natives: sampleNatives(), blobs: { f1: 'aGVsbG8=', notes: { bytes: new TextEncoder().encode('hi'), name: 'notes.txt' } } });
    const answers = await calls(
      host,
      () => host.ui('share_send', { fileId: 'f1', name: 'hello.txt' }),
      () => host.ui('print_pdf', { title: 'Album', blocks: [{ heading: 'Summer' }] }),
      () => host.ui('files_save', { name: 'x.txt', fileId: 'gone' }),
    );
    expect(host.nativeCalls[0]?.input).toEqual({ file: { name: 'hello.txt', mimeType: 'text/plain', data: 'aGVsbG8=' } });
    expect(answers[1]?.kind === 'result' && answers[1].result.structuredContent).toEqual({
      file: { name: 'Album.pdf', mimeType: 'application/pdf', size: (await host.file('blob-1'))?.bytes.length, fileId: 'blob-1' },
      pages: 1,
    });
    expect(text(answers[2]!)).toBe('notFound: gone');
    expect((await host.file('notes'))?.name).toBe('notes.txt');
  });
});

describe('the fake host itself', () => {
  it('lists the agent tools of the declared, provided scopes', () => {
    const host = createFakeHost({
      manifest: [
        { id: 'photos.read', why: 'x' },
        { id: 'share.send', why: 'y' },
      ],
      provided: ['photos', 'print'],
    });
    expect(host.listTools().map((t) => t.name)).toEqual(['photos__get', 'photos__list', 'photos__pick']);
  });

  it('declares every scope by default and provides what its host may', () => {
    expect(createFakeHost().path.provided).toEqual(['camera', 'clipboard', 'files', 'http', 'location', 'notifications', 'photos', 'print', 'share', 'shell']);
    expect(createFakeHost({ host: 'ede' }).path.provided).toContain('windows');
    expect(createFakeHost().path.app.manifest.map((e) => e.id)).not.toContain('shell.edit');
  });

  it('eDE: an agent lists the windows in the background with a grant', async () => {
    const host = createFakeHost({ host: 'ede', natives: sampleNatives(), grants: { 'windows.read': 'granted' }, foreground: false });
    const [answer] = await calls(host, () => host.agent('windows__list', {}));
    expect(answer?.outcome).toBe('ok');
  });

  it('a bad manifest throws the setup error listing every problem', () => {
    expect(() => createFakeHost({ manifest: [{ id: 'shell.edit', why: 'x' }, { id: 'photos.read' }] })).toThrow(
      'invalid xcap host setup for app "acme.album":\n  - manifest/0/id: "shell.edit" is host-only, never an app\'s\n  - manifest/1: missing key "why"',
    );
  });

  it('refuses seeds for stores it does not own', () => {
    expect(() => createFakeHost({ grantStore: { get: () => undefined, set: () => undefined, delete: () => undefined }, grants: {} })).toThrow(
      /grants seeds only/,
    );
  });

  it('a failing audit sink keeps the row pending, and writes it with the next one', async () => {
    let down = true;
    const host = createFakeHost({
      auditSink: {
        write: () => {
          if (down) throw new Error('disk full');
        },
      },
    });
    await host.ui('bluetooth_scan');
    expect(host.auditRows).toEqual([]);
    expect(host.path.pendingAudit().map((p) => [p.row.tool, p.lastError])).toEqual([['bluetooth__scan', 'disk full']]);
    down = false;
    await host.ui('camera_capture');
    expect(host.auditRows.map((r) => r.tool)).toEqual(['bluetooth__scan', 'camera__capture']);
    expect(host.path.pendingAudit()).toEqual([]);
  });

  it('script() changes a native mid-test', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'photos.read': 'granted' } });
    host.script('photos_get', { isError: 'offline' });
    expect(text(await host.ui('photos_get', { id: 'ph-1' }))).toBe('offline');
  });
});
