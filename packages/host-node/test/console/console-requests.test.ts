/** The adapters host-node puts over @xcap/console's registry; the registry's own bounds and listeners are tested in packages/console/test/console-requests.test.ts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleConsentUi } from '../../src/console/console-consent-ui.js';
import { consolePhotoPicker } from '../../src/console/console-photo-picker.js';
import { consolePrintPicker } from '../../src/console/console-print-picker.js';
import { consoleSavePicker } from '../../src/console/console-save-picker.js';
import { ConsoleRequests } from '@xcap/console';
import type { LibraryPhoto } from '../../src/providers/library-photo.js';

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
});
const manifest = { capabilities: [{ id: 'photos.read', why: '<b>why</b>' }] };

const photo = (n: number): LibraryPhoto => ({
  id: `ph-${String(n).padStart(32, '0')}`,
  name: `p${n}.png`,
  mimeType: 'image/png',
  takenAt: null,
  time: n,
  path: `/photos/p${n}.png`,
  size: 1,
});

describe('the console adapters over ConsoleRequests (consent UI, photo, print and save pickers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 2) });
    calls = new AbortController();
  });
  afterEach(() => vi.useRealTimers());

  it('lists a consent sheet with its scope, title, text and why; answers it once', async () => {
    const requests = new ConsoleRequests();
    const replied = Promise.resolve(consoleConsentUi(requests, manifest)(sheet()));
    const [pending] = requests.pending();
    expect(pending).toEqual({
      id: pending?.id,
      kind: 'consent',
      app: 'acme.album',
      createdAt: '2026-12-02T00:00:00.000Z',
      expiresAt: '2026-12-02T00:02:00.000Z',
      scope: 'photos.read',
      title: 'Photos',
      text: 'wants your photos',
      why: '<b>why</b>',
    });
    expect(requests.answer(pending?.id, { reply: 'deny' })).toEqual({ ok: true });
    expect(requests.answer(pending?.id, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    await expect(replied).resolves.toBe('deny');
    expect(requests.pending()).toEqual([]);
  });

  it('refuses an answer of another shape (400) or of an id not pending (409), and keeps the request', async () => {
    const requests = new ConsoleRequests();
    const replied = Promise.resolve(consoleConsentUi(requests, manifest)(sheet()));
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
    const replied = Promise.resolve(consoleConsentUi(requests, manifest)(sheet()));
    const picked = Promise.resolve(
      consolePhotoPicker(requests, 'acme.album')([photo(1), photo(2)], 1, { signal: picker.signal, deadline: Date.now() + 5_000 }),
    );
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
    const other = Promise.resolve(consolePhotoPicker(requests, 'acme.album')([photo(3)], 1));
    const picked = Promise.resolve(consolePhotoPicker(requests, 'acme.album')([photo(1), photo(2)], 1));
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

  it('answers a print sheet with a listed printer or cancel, a save dialog with a name or cancel', async () => {
    const requests = new ConsoleRequests();
    const printed = Promise.resolve(consolePrintPicker(requests, 'acme.album')({ name: 'a.pdf', mimeType: 'application/pdf', printers: ['office'] }));
    const print = requests.pending()[0];
    expect(print).toMatchObject({ kind: 'print', documentName: 'a.pdf', mimeType: 'application/pdf', printers: ['office'] });
    expect(requests.answer(print?.id, { printer: 'home' })).toMatchObject({ status: 400 });
    expect(requests.answer(print?.id, { cancel: 'yes' })).toMatchObject({ status: 400 });
    expect(requests.answer(print?.id, { printer: 'office' })).toEqual({ ok: true });
    await expect(printed).resolves.toBe('office');
    const cancelled = Promise.resolve(consolePrintPicker(requests, 'acme.album')({ name: 'a.pdf', mimeType: 'application/pdf', printers: ['office'] }));
    requests.answer(requests.pending()[0]?.id, { cancel: true });
    await expect(cancelled).resolves.toBeNull();

    const saved = Promise.resolve(consoleSavePicker(requests, 'acme.album')({ name: 'album.txt', mimeType: 'text/plain', size: 3 }));
    const save = requests.pending()[0];
    expect(save).toMatchObject({ kind: 'save', suggestedName: 'album.txt', mimeType: 'text/plain', size: 3 });
    expect(requests.answer(save?.id, { name: '  ' })).toMatchObject({ status: 400 });
    expect(requests.answer(save?.id, { name: 'x'.repeat(1_001) })).toMatchObject({ status: 400 });
    expect(requests.answer(save?.id, { name: 'mine.txt' })).toEqual({ ok: true });
    await expect(saved).resolves.toEqual({ folderName: 'mine.txt' });
  });

  it('close ends every pending request with its fallback, and every later one at once', async () => {
    const requests = new ConsoleRequests();
    const ui = consoleConsentUi(requests, manifest);
    const replied = Promise.resolve(ui(sheet()));
    const picked = Promise.resolve(consolePhotoPicker(requests, 'acme.album')([photo(1)], 1));
    requests.close();
    await expect(replied).resolves.toBe('dismiss');
    await expect(picked).resolves.toEqual([]);
    await expect(Promise.resolve(ui(sheet()))).resolves.toBe('dismiss');
    expect(requests.pending()).toEqual([]);
  });
});
