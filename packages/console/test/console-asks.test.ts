/** The typed asks over the registry (consent UI, photos, open, save, print); the registry's own bounds and listeners are tested in console-requests.test.ts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askOpen } from '../src/ask-open.js';
import { askPhotos, type AskedPhoto } from '../src/ask-photos.js';
import { askPrint } from '../src/ask-print.js';
import { askSave } from '../src/ask-save.js';
import { consoleLimits } from '../src/console-contract.js';
import { consoleConsentUi } from '../src/console-consent-ui.js';
import { ConsoleRequests } from '../src/console-requests.js';

/** The parts of a consent request from the app's own UI that these tests do not look at. */
const unnamedCaller = { agent: null, client: null, tool: { id: 'photos_pick', description: '' }, arguments: undefined, detached: new AbortController().signal };
/** The call path's signal of the sheet below: aborted by the tests that end it unanswered. */
let calls = new AbortController();
/** A consent request as the call path puts it: its deadline two minutes from the (fake) clock's now. */
const sheet = () => ({
  app: 'acme.album',
  scope: 'photos.read',
  sheet: { title: 'Photos', text: 'wants your photos' },
  verdict: {} as never,
  argsHash: 'h',
  signal: calls.signal,
  deadline: Date.now() + 120_000,
  ...unnamedCaller,
});
const manifest = { capabilities: [{ id: 'photos.read', why: '<b>why</b>' }] };

const photo = (n: number): AskedPhoto => ({ id: `ph-${String(n).padStart(32, '0')}`, name: `p${n}.png`, takenAt: null, path: `/photos/p${n}.png` });
/** The signal and deadline of a picker the call path never ends. */
const open = () => ({ signal: new AbortController().signal, deadline: Infinity, agent: null, agentKey: 'ui' });
/** A photos ask of `photos` by acme.album, at most `limit`. */
const pick = (
  requests: ConsoleRequests,
  photos: readonly AskedPhoto[],
  limit: number,
  until: ReturnType<typeof open> | { signal: AbortSignal; deadline: number; agent: null; agentKey: string } = open(),
) => askPhotos(requests, { app: 'acme.album', limit, photos, ...until });
/** Lets the consent UI's own awaits (the arguments' file lookups) run. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
};

describe('the typed asks over ConsoleRequests (consent UI, photos, open, save, print)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 2) });
    calls = new AbortController();
  });
  afterEach(() => vi.useRealTimers());

  it('lists a consent sheet with its scope, title, text and why; answers it once', async () => {
    const requests = new ConsoleRequests();
    const replied = consoleConsentUi(requests, manifest)(sheet());
    await settle();
    const [pending] = requests.pending();
    expect(pending).toEqual({
      id: pending?.id,
      kind: 'consent',
      app: 'acme.album',
      agent: null,
      createdAt: '2026-12-02T00:00:00.000Z',
      expiresAt: '2026-12-02T00:02:00.000Z',
      scope: 'photos.read',
      title: 'Photos',
      text: 'wants your photos',
      why: '<b>why</b>',
      tool: 'photos_pick',
      toolDescription: '',
      arguments: [],
      detached: false,
    });
    expect(requests.answer(pending?.id, { reply: 'deny' })).toEqual({ ok: true });
    expect(requests.answer(pending?.id, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    await expect(replied).resolves.toBe('deny');
    expect(requests.pending()).toEqual([]);
  });

  it('refuses an answer of another shape (400) or of an id not pending (409), and keeps the request', async () => {
    const requests = new ConsoleRequests();
    const replied = consoleConsentUi(requests, manifest)(sheet());
    await settle();
    const id = requests.pending()[0]?.id ?? '';
    expect(requests.answer(id, { photoIds: [] })).toMatchObject({ ok: false, status: 400 });
    expect(requests.answer(id, { reply: 'dismiss' })).toMatchObject({ ok: false, status: 400 });
    expect(requests.answer(`${id}x`, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    expect(requests.answer(42, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    expect(requests.pending()).toHaveLength(1);
    expect(requests.answer(id, { reply: 'allow' })).toEqual({ ok: true });
    await expect(replied).resolves.toBe('allow');
  });

  it('dismisses a sheet and cancels a picker when the call path aborts their signals (no timer of their own)', async () => {
    const requests = new ConsoleRequests();
    const picker = new AbortController();
    const replied = consoleConsentUi(requests, manifest)(sheet());
    await settle();
    const picked = pick(requests, [photo(1), photo(2)], 1, { signal: picker.signal, deadline: Date.now() + 5_000, agent: null, agentKey: 'ui' });
    expect(requests.pending().map((pending) => pending.expiresAt)).toEqual(['2026-12-02T00:02:00.000Z', '2026-12-02T00:00:05.000Z']);
    vi.advanceTimersByTime(600_000);
    expect(requests.pending()).toHaveLength(2);
    calls.abort();
    await expect(replied).resolves.toBe('dismiss');
    expect(requests.pending()).toHaveLength(1);
    picker.abort();
    await expect(picked).resolves.toEqual([]);
    expect(requests.pending()).toEqual([]);
  });

  it('answers a photo request only with photos of its list, at most limit, and serves only its files', async () => {
    const requests = new ConsoleRequests();
    const other = pick(requests, [photo(3)], 1);
    const picked = pick(requests, [photo(1), photo(2)], 1);
    const [first, second] = requests.pending();
    const id = second?.id ?? '';
    expect(requests.file(id, photo(1).id)).toBe('/photos/p1.png');
    expect(requests.file(id, photo(3).id)).toBeUndefined();
    expect(requests.file(first?.id ?? '', photo(3).id)).toBe('/photos/p3.png');
    expect(requests.answer(id, { photoIds: [photo(3).id] })).toMatchObject({ status: 400 });
    expect(requests.answer(id, { photoIds: [photo(1).id, photo(2).id] })).toMatchObject({ status: 400 });
    expect(requests.answer(id, { photoIds: [photo(2).id, photo(2).id] })).toMatchObject({ status: 400 });
    expect(requests.answer(id, { photoIds: [photo(2).id] })).toEqual({ ok: true });
    await expect(picked).resolves.toEqual([photo(2).id]);
    expect(requests.file(id, photo(1).id)).toBeUndefined();
    requests.answer(first?.id, { photoIds: [] });
    await expect(other).resolves.toEqual([]);
  });

  it('lists at most consoleLimits.maxPhotos photos, the first ones, and serves only those', () => {
    const requests = new ConsoleRequests();
    void pick(
      requests,
      Array.from({ length: consoleLimits.maxPhotos + 1 }, (_, n) => photo(n)),
      1,
    );
    const pending = requests.pending()[0];
    expect(pending?.kind === 'photos' && pending.photos.map((shown) => shown.id)).toEqual(
      Array.from({ length: consoleLimits.maxPhotos }, (_, n) => photo(n).id),
    );
    expect(requests.file(pending?.id ?? '', photo(consoleLimits.maxPhotos).id)).toBeUndefined();
    requests.close();
  });

  it('answers a print sheet with a listed printer or cancel, a save dialog with a name or cancel', async () => {
    const requests = new ConsoleRequests();
    const printed = askPrint(requests, { app: 'acme.album', documentName: 'a.pdf', mimeType: 'application/pdf', printers: ['office'], ...open() });
    const print = requests.pending()[0];
    expect(print).toMatchObject({ kind: 'print', documentName: 'a.pdf', mimeType: 'application/pdf', printers: ['office'] });
    expect(requests.answer(print?.id, { printer: 'home' })).toMatchObject({ status: 400 });
    expect(requests.answer(print?.id, { cancel: 'yes' })).toMatchObject({ status: 400 });
    expect(requests.answer(print?.id, { printer: 'office' })).toEqual({ ok: true });
    await expect(printed).resolves.toBe('office');
    const cancelled = askPrint(requests, { app: 'acme.album', documentName: 'a.pdf', mimeType: 'application/pdf', printers: ['office'], ...open() });
    requests.answer(requests.pending()[0]?.id, { cancel: true });
    await expect(cancelled).resolves.toBeNull();

    const saved = askSave(requests, { app: 'acme.album', suggestedName: 'album.txt', mimeType: 'text/plain', size: 3, ...open() });
    const save = requests.pending()[0];
    expect(save).toMatchObject({ kind: 'save', suggestedName: 'album.txt', mimeType: 'text/plain', size: 3 });
    expect(requests.answer(save?.id, { name: '  ' })).toMatchObject({ status: 400 });
    expect(requests.answer(save?.id, { name: 'x'.repeat(consoleLimits.maxSaveNameLength + 1) })).toMatchObject({ status: 400 });
    expect(requests.answer(save?.id, { name: 'x'.repeat(consoleLimits.maxSaveNameLength) })).toEqual({ ok: true });
    await expect(saved).resolves.toBe('x'.repeat(consoleLimits.maxSaveNameLength));
    const dropped = askSave(requests, { app: 'acme.album', suggestedName: 'album.txt', mimeType: 'text/plain', size: 3, ...open() });
    requests.answer(requests.pending()[0]?.id, { cancel: true });
    await expect(dropped).resolves.toBeNull();
  });

  it('answers an open picker with files of its list (one unless multiple), as given, and lists at most maxFiles', async () => {
    const requests = new ConsoleRequests();
    const file = (n: number) => ({ name: `f${n}.txt`, size: n, path: `/files/f${n}.txt` });
    const many = Array.from({ length: consoleLimits.maxFiles + 1 }, (_, n) => file(n));
    const one = askOpen(requests, { app: 'acme.album', multiple: false, accept: ['text/plain'], files: many, ...open() });
    const pending = requests.pending()[0];
    expect(pending).toMatchObject({ kind: 'open', multiple: false, accept: ['text/plain'] });
    expect(pending?.kind === 'open' && pending.files).toHaveLength(consoleLimits.maxFiles);
    expect(pending?.kind === 'open' && pending.files[0]).toEqual({ name: 'f0.txt', size: 0 });
    expect(requests.answer(pending?.id, { names: [`f${consoleLimits.maxFiles}.txt`] })).toMatchObject({ status: 400 });
    expect(requests.answer(pending?.id, { names: ['f1.txt', 'f2.txt'] })).toMatchObject({ status: 400 });
    expect(requests.answer(pending?.id, { names: ['f2.txt'] })).toEqual({ ok: true });
    await expect(one).resolves.toEqual([file(2)]);
    const several = askOpen(requests, { app: 'acme.album', multiple: true, accept: [], files: [file(1), file(2)], ...open() });
    expect(requests.answer(requests.pending()[0]?.id, { names: ['f2.txt', 'f1.txt'] })).toEqual({ ok: true });
    await expect(several).resolves.toEqual([file(2), file(1)]);
  });

  it('close ends every pending request with its fallback, and every later one at once', async () => {
    const requests = new ConsoleRequests();
    const ui = consoleConsentUi(requests, manifest);
    const replied = ui(sheet());
    await settle();
    const picked = pick(requests, [photo(1)], 1);
    requests.close();
    await expect(replied).resolves.toBe('dismiss');
    await expect(picked).resolves.toEqual([]);
    await expect(ui(sheet())).resolves.toBe('dismiss');
    expect(requests.pending()).toEqual([]);
  });

  it('puts who asks, the tool and its arguments on the sheet (a fileId through describeFile), keys by client, and returns allowOnce', async () => {
    const requests = new ConsoleRequests();
    const detached = new AbortController();
    const described: string[] = [];
    const ui = consoleConsentUi(requests, manifest, {
      describeFile: (fileId, app) => {
        described.push(`${app}/${fileId}`);
        return { name: 'report.pdf', size: 2048, mimeType: 'application/pdf' };
      },
    });
    const replied = ui({
      ...sheet(),
      agent: { name: 'Claude Desktop', version: '1.2', via: 'token laptop' },
      client: 'token:laptop',
      tool: { id: 'print_print', description: 'Prints a document.' },
      arguments: { fileId: 'f-1', name: 'Report' },
      detached: detached.signal,
    });
    await settle();
    expect(requests.pending()[0]).toMatchObject({
      agent: { name: 'Claude Desktop', version: '1.2', via: 'token laptop' },
      tool: 'print_print',
      toolDescription: 'Prints a document.',
      arguments: [
        { name: 'fileId', value: 'report.pdf (application/pdf, 2.0 KB)' },
        { name: 'name', value: 'Report' },
      ],
      detached: false,
    });
    expect(described).toEqual(['acme.album/f-1']);
    detached.abort();
    expect(requests.pending()[0]).toMatchObject({ detached: true });
    expect(requests.answer(requests.pending()[0]?.id, { reply: 'allowOnce' })).toEqual({ ok: true });
    await expect(replied).resolves.toBe('allowOnce');
    const ui2 = ui({ ...sheet(), agent: null, client: null });
    await settle();
    expect(requests.pending()[0]).toMatchObject({ agent: null, arguments: [] });
    requests.close();
    await expect(ui2).resolves.toBe('dismiss');
  });
});
