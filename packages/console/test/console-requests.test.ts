import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleBusyError, ConsoleRequests, expiryToleranceMs } from '../src/console-requests.js';
import { agent, askConsent, askPhotos, twoMinutes } from './asks.js';

const photo = (n: number) => ({ id: `ph-${n}`, path: `/photos/p${n}.png` });

describe('ConsoleRequests', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 11, 2) }));
  afterEach(() => vi.useRealTimers());

  it('lists a consent sheet with its scope, title, text and why; answers it once', async () => {
    const requests = new ConsoleRequests();
    const replied = askConsent(requests);
    const [pending] = requests.pending();
    expect(pending).toEqual({
      id: pending?.id,
      kind: 'consent',
      app: 'acme.album',
      agent,
      createdAt: '2026-12-02T00:00:00.000Z',
      expiresAt: '2026-12-02T00:02:00.000Z',
      scope: 'photos.read',
      title: 'Photos',
      text: 'This app wants to see your photos. <b>why</b>',
      why: '<b>why</b>',
      tool: 'photos_list',
      toolDescription: 'Lists the photos of the library.',
      arguments: [{ name: 'limit', value: '20' }],
      detached: false,
    });
    expect(requests.answer(pending?.id, { reply: 'deny' })).toEqual({ ok: true });
    expect(requests.answer(pending?.id, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    await expect(replied).resolves.toBe('deny');
    expect(requests.pending()).toEqual([]);
  });

  it('refuses an answer of another shape (400) or of an id not pending (409), and keeps the request', async () => {
    const requests = new ConsoleRequests();
    const replied = askConsent(requests);
    const id = requests.pending()[0]?.id ?? '';
    expect(requests.answer(id, { photoIds: [] })).toMatchObject({ ok: false, status: 400 });
    expect(requests.answer(id, { reply: 'dismiss' })).toMatchObject({ ok: false, status: 400 });
    expect(requests.answer(`${id}x`, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    expect(requests.answer(42, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    expect(requests.pending()).toHaveLength(1);
    expect(requests.answer(id, { reply: 'allow' })).toEqual({ ok: true });
    await expect(replied).resolves.toBe('allow');
  });

  it('keeps no timer: a sheet and a picker end with their fallback when their signals abort, not before, and an answer after is 409', async () => {
    const requests = new ConsoleRequests();
    const sheet = new AbortController();
    const picker = new AbortController();
    const replied = askConsent(requests, 'photos.read', 'acme.album', { signal: sheet.signal, deadline: Date.now() + 1_000 });
    const picked = askPhotos(requests, [photo(1), photo(2)], 1, { signal: picker.signal, deadline: Date.now() + 1_000 });
    const [sheetId, pickerId] = requests.pending().map((pending) => pending.id);
    vi.advanceTimersByTime(3_600_000);
    expect(requests.pending()).toHaveLength(2);
    sheet.abort();
    await expect(replied).resolves.toBe('dismiss');
    expect(requests.pending().map((pending) => pending.id)).toEqual([pickerId]);
    expect(requests.answer(sheetId, { reply: 'allow' })).toMatchObject({ ok: false, status: 409 });
    picker.abort();
    await expect(picked).resolves.toEqual([]);
    expect(requests.answer(pickerId, { photoIds: [photo(1).id] })).toMatchObject({ ok: false, status: 409 });
    expect(requests.pending()).toEqual([]);
  });

  it('shows the call path deadline as expiresAt (null without one), and never lists a request whose signal already aborted', async () => {
    const requests = new ConsoleRequests();
    void askConsent(requests, 'photos.read', 'acme.album', { signal: new AbortController().signal, deadline: Date.UTC(2026, 11, 2, 0, 0, 42) });
    void askConsent(requests, 'photos.read', 'acme.album', { signal: new AbortController().signal, deadline: Infinity });
    expect(requests.pending().map((pending) => pending.expiresAt)).toEqual(['2026-12-02T00:00:42.000Z', null]);
    const listened: number[] = [];
    requests.subscribe(() => listened.push(requests.pending().length));
    await expect(askConsent(requests, 'photos.read', 'acme.album', { signal: AbortSignal.abort(), deadline: Date.now() + 1_000 })).resolves.toBe('dismiss');
    expect(requests.pending()).toHaveLength(2);
    expect(listened).toEqual([]);
  });

  it('takes at most 64 pending (four agents of 16): the 65th sheet is dismissed at once, a picker refused (ConsoleBusyError), one log line each', async () => {
    const lines: string[] = [];
    const requests = new ConsoleRequests({ log: (line) => lines.push(line) });
    for (let i = 0; i < 64; i++) void askConsent(requests, 'photos.read', 'acme.album', twoMinutes(), `token:t${i % 4}`);
    expect(requests.pending()).toHaveLength(64);
    await expect(askConsent(requests, 'photos.read', 'acme.album', twoMinutes(), 'token:t9')).resolves.toBe('dismiss');
    const refused = await askPhotos(requests, [photo(1)], 1, twoMinutes(), 'token:t9').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleBusyError);
    expect(refused).toMatchObject({ agentKey: 'token:t9', bound: 'total', message: 'busy: 64 requests are already waiting in the console' });
    expect(requests.pending()).toHaveLength(64);
    expect(lines).toEqual([
      'xcap console: 64 requests are already waiting; a consent request of acme.album by agent "token:t9" was refused at once',
      'xcap console: 64 requests are already waiting; a photos request of acme.album by agent "token:t9" was refused at once',
    ]);
    expect(new Set(requests.pending().map((pending) => pending.id)).size).toBe(64);
  });

  it("33/4: one agent fills its 16; its 17th picker is refused (ConsoleBusyError, logged by name), another agent's picker is still shown", async () => {
    const lines: string[] = [];
    const requests = new ConsoleRequests({ log: (line) => lines.push(line) });
    for (let i = 0; i < 16; i++) void askPhotos(requests, [photo(i)], 1, twoMinutes(), 'token:flood');
    const refused = await askPhotos(requests, [photo(99)], 1, twoMinutes(), 'token:flood').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleBusyError);
    expect(refused).toMatchObject({
      agentKey: 'token:flood',
      bound: 'agent',
      message: 'busy: 16 requests of this agent are already waiting in the console; answer or cancel one first',
    });
    await expect(askConsent(requests, 'photos.read', 'acme.album', twoMinutes(), 'token:flood')).resolves.toBe('dismiss');
    expect(lines).toEqual([
      'xcap console: agent "token:flood" has 16 requests waiting already; its photos request of acme.album was refused at once',
      'xcap console: agent "token:flood" has 16 requests waiting already; its consent request of acme.album was refused at once',
    ]);
    const other = askPhotos(requests, [photo(7)], 1, twoMinutes(), 'oauth:agent@login.example.com');
    expect(requests.pending()).toHaveLength(17);
    const shown = requests.pending().at(-1);
    expect(shown).toMatchObject({ kind: 'photos', photos: [{ id: 'ph-7' }] });
    expect(requests.answer(shown?.id, { photoIds: ['ph-7'] })).toEqual({ ok: true });
    await expect(other).resolves.toEqual(['ph-7']);
    // The app's own UI (`ui`) is counted apart from the agent that filled its bound.
    const small = new ConsoleRequests({ log: (line) => lines.push(line), maxPendingPerAgent: 2 });
    void askPhotos(small, [photo(1)], 1);
    void askPhotos(small, [photo(1)], 1);
    await expect(askPhotos(small, [photo(1)], 1)).rejects.toMatchObject({ agentKey: 'token:laptop', bound: 'agent' });
    void askPhotos(small, [photo(1)], 1, twoMinutes(), 'ui');
    expect(small.pending()).toHaveLength(3);
  });

  it('names a long agent key in the log cut at 200 characters', async () => {
    const lines: string[] = [];
    const requests = new ConsoleRequests({ log: (line) => lines.push(line), maxPendingPerAgent: 1 });
    const key = `token:${'k'.repeat(300)}`;
    void askPhotos(requests, [photo(1)], 1, twoMinutes(), key);
    await expect(askPhotos(requests, [photo(1)], 1, twoMinutes(), key)).rejects.toMatchObject({ agentKey: key });
    expect(lines).toEqual([`xcap console: agent "${key.slice(0, 200)}…" has 1 requests waiting already; its photos request of acme.album was refused at once`]);
  });

  it('answers a photo request only with photos of its list, at most limit, and serves only its files', async () => {
    const requests = new ConsoleRequests();
    const other = askPhotos(requests, [photo(3)], 1);
    const picked = askPhotos(requests, [photo(1), photo(2)], 1);
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

  it('tells listeners of every change of the pending list', async () => {
    const requests = new ConsoleRequests();
    const seen: number[] = [];
    const stop = requests.subscribe(() => seen.push(requests.pending().length));
    const replied = askConsent(requests);
    requests.answer(requests.pending()[0]?.id, { reply: 'allow' });
    await replied;
    stop();
    void askConsent(requests);
    expect(seen).toEqual([1, 0]);
  });

  it('close ends every pending request with its fallback, and every later one at once', async () => {
    const requests = new ConsoleRequests();
    const replied = askConsent(requests);
    const picked = askPhotos(requests, [photo(1)], 1);
    requests.close();
    await expect(replied).resolves.toBe('dismiss');
    await expect(picked).resolves.toEqual([]);
    await expect(askConsent(requests)).resolves.toBe('dismiss');
    expect(requests.pending()).toEqual([]);
  });

  it('names the agent on every kind, pickers too, and the app UI as null', async () => {
    const requests = new ConsoleRequests();
    void askPhotos(requests, [photo(1)], 1);
    void askConsent(requests);
    expect(requests.pending().map((pending) => pending.agent)).toEqual([agent, agent]);
    requests.close();
  });

  it('turns a sheet detached when its detached signal aborts, tells listeners, and still takes an answer', async () => {
    const requests = new ConsoleRequests();
    const detached = new AbortController();
    const replied = askConsent(requests, 'photos.read', 'acme.album', {
      signal: new AbortController().signal,
      deadline: Date.now() + 120_000,
      detached: detached.signal,
    });
    const seen: boolean[] = [];
    requests.subscribe(() => seen.push(requests.pending().some((pending) => pending.kind === 'consent' && pending.detached)));
    expect(requests.pending()[0]).toMatchObject({ detached: false });
    detached.abort();
    expect(requests.pending()[0]).toMatchObject({ detached: true });
    expect(seen).toEqual([true]);
    expect(requests.answer(requests.pending()[0]?.id, { reply: 'allowOnce' })).toEqual({ ok: true });
    await expect(replied).resolves.toBe('allowOnce');
    const already = askConsent(requests, 'photos.read', 'acme.album', {
      signal: new AbortController().signal,
      deadline: Date.now() + 1,
      detached: AbortSignal.abort(),
    });
    expect(requests.pending()[0]).toMatchObject({ detached: true });
    requests.close();
    await expect(already).resolves.toBe('dismiss');
  });

  it('says why each request ended: answered, expired (aborted at or after its deadline) or cancelled (before it less the tolerance, or closed), before the list changes', async () => {
    const requests = new ConsoleRequests();
    const ended: string[] = [];
    requests.onEnded(({ id, why }) => ended.push(`${why}:${requests.pending().some((pending) => pending.id === id) ? 'listed' : 'gone'}`));
    const expiring = new AbortController();
    const cancelling = new AbortController();
    void askConsent(requests, 'photos.read', 'acme.album', { signal: expiring.signal, deadline: Date.now() + 5_000 });
    void askConsent(requests, 'photos.read', 'acme.album', { signal: cancelling.signal, deadline: Date.now() + 5_000 });
    const answered = askConsent(requests);
    requests.answer(requests.pending()[2]?.id, { reply: 'deny' });
    await answered;
    vi.advanceTimersByTime(5_000 - expiryToleranceMs - 1);
    cancelling.abort();
    vi.advanceTimersByTime(1);
    expiring.abort();
    void askPhotos(requests, [photo(1)], 1);
    requests.close();
    expect(ended).toEqual(['answered:gone', 'cancelled:gone', 'expired:gone', 'cancelled:gone']);
  });
});
