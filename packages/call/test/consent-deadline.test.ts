import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentReply } from '@xcap/broker';
import type { NativeContext } from '@xcap/catalog';
import type { ConsentRequest } from '../src/index.js';
import { errorOf } from '@xcap/test-support';
import { appId, setup } from './setup.js';

const now = Date.parse('2026-11-01T10:00:00Z');

/** A call of photos_pick (scope photos.read, consent `ask`) with the given signal. */
const pick = (signal?: AbortSignal) => ({
  from: 'agent' as const,
  name: 'photos__pick',
  arguments: {},
  foreground: true,
  client: 'run-7',
  ...(signal === undefined ? {} : { signal }),
});

/** A consent UI that records each request and answers only when told to. */
function heldUi() {
  const requests: ConsentRequest[] = [];
  const answers: ((reply: ConsentReply) => void)[] = [];
  const consent = (request: ConsentRequest) => {
    requests.push(request);
    return new Promise<ConsentReply>((resolve) => answers.push(resolve));
  };
  return { requests, answers, consent };
}

/** Lets the microtasks and zero-delay timers of the call path run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCallPath: the call path owns the consent deadline', () => {
  it('the sheet carries deadline = the host clock + consentTimeoutMs, and its signal aborts exactly then', async () => {
    const ui = heldUi();
    const { path, grants, audit, nativeCalls } = setup({ consent: ui.consent, consentTimeoutMs: 5000, clock: () => new Date(now + 42) });
    const answer = path.call(pick());
    await settle();
    expect(ui.requests).toHaveLength(1);
    const [request] = ui.requests;
    expect(request?.deadline).toBe(now + 42 + 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(request?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request?.signal.aborted).toBe(true);
    expect((request?.signal.reason as Error).name).toBe('TimeoutError');
    const answered = await answer;
    expect(answered.verdict).toMatchObject({ verdict: 'denied', reason: 'consentNeeded' });
    // The late answer changes nothing: no grant, no native.
    ui.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(nativeCalls).toEqual([]);
    expect(audit.rows.map((r) => [r.status, r.error])).toEqual([['denied', 'consentNeeded']]);
  });

  it('the default deadline is two minutes; Infinity waits for ever with no deadline', async () => {
    const ui = heldUi();
    const { path } = setup({ consent: ui.consent });
    void path.call(pick());
    await settle();
    expect(ui.requests[0]?.deadline).toBe(now + 120_000);
    const forever = heldUi();
    const endless = setup({ consent: forever.consent, consentTimeoutMs: Infinity });
    const answer = endless.path.call(pick());
    await settle();
    expect(forever.requests[0]?.deadline).toBe(Infinity);
    await vi.advanceTimersByTimeAsync(10 * 24 * 3600_000);
    expect(forever.requests[0]?.signal.aborted).toBe(false);
    forever.answers[0]?.('allow');
    expect((await answer).outcome).toBe('ok');
    await vi.advanceTimersByTimeAsync(120_000);
  });

  it('the call’s cancel ends the sheet at once: dismissed, its audit row written, the UI’s signal aborted, a late allow writes nothing', async () => {
    const ui = heldUi();
    const { path, grants, audit, nativeCalls } = setup({ consent: ui.consent });
    const cancel = new AbortController();
    let answered = false;
    const answer = path.call(pick(cancel.signal)).finally(() => (answered = true));
    await settle();
    const [request] = ui.requests;
    expect(request?.signal.aborted).toBe(false);
    cancel.abort();
    await settle();
    expect(answered).toBe(true);
    expect(request?.signal.aborted).toBe(true);
    const end = await answer;
    expect(end.kind === 'result' && end.result.content[0].text).toBe('denied: consentNeeded');
    expect(audit.rows.map((r) => [r.status, r.error])).toEqual([['denied', 'consentNeeded']]);
    ui.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(nativeCalls).toEqual([]);
  });

  it('a shared sheet survives one waiter’s cancel: the others still get its answer, and it closes when the last one leaves', async () => {
    const ui = heldUi();
    const { path, grants, audit } = setup({ consent: ui.consent });
    const first = new AbortController();
    const second = new AbortController();
    const a = path.call(pick(first.signal));
    const b = path.call(pick(second.signal));
    const c = path.call(pick());
    await settle();
    expect(ui.requests).toHaveLength(1);
    const sheet = ui.requests[0];
    first.abort();
    expect((await a).verdict.reason).toBe('consentNeeded');
    expect(sheet?.signal.aborted).toBe(false);
    second.abort();
    expect((await b).verdict.reason).toBe('consentNeeded');
    expect(sheet?.signal.aborted).toBe(false); // c still waits, with no signal of its own
    ui.answers[0]?.('allow');
    expect((await c).outcome).toBe('ok');
    expect(grants.get(appId, 'photos.read')).toBe('granted');
    expect(audit.rows.map((r) => r.status)).toEqual(['denied', 'denied', 'ok']);
  });

  it('the sheet is aborted once every waiter cancelled, and the next call opens a sheet of its own', async () => {
    const ui = heldUi();
    const { path, grants } = setup({ consent: ui.consent });
    const first = new AbortController();
    const second = new AbortController();
    const a = path.call(pick(first.signal));
    const b = path.call(pick(second.signal));
    await settle();
    first.abort();
    await a;
    expect(ui.requests[0]?.signal.aborted).toBe(false);
    second.abort();
    await b;
    expect(ui.requests[0]?.signal.aborted).toBe(true);
    const c = path.call(pick());
    await settle();
    expect(ui.requests).toHaveLength(2);
    expect(ui.requests[1]?.signal.aborted).toBe(false);
    ui.answers[0]?.('allow'); // the abandoned sheet's late answer
    ui.answers[1]?.('deny');
    expect((await c).verdict.reason).toBe('consentDenied');
    expect(grants.get(appId, 'photos.read')).toBe('denied');
  });

  it('a call cancelled before it is asked opens no sheet', async () => {
    const ui = heldUi();
    const { path, audit } = setup({ consent: ui.consent });
    const cancel = new AbortController();
    cancel.abort();
    expect((await path.call(pick(cancel.signal))).verdict.reason).toBe('consentNeeded');
    expect(ui.requests).toEqual([]);
    expect(audit.rows).toHaveLength(1);
  });

  it('a request’s own consent UI gets the signal too, and the cancel ends it at once', async () => {
    const ui = heldUi();
    const host = heldUi();
    const { path, grants } = setup({ consent: host.consent });
    const cancel = new AbortController();
    const answer = path.call({ ...pick(cancel.signal), consent: ui.consent });
    await settle();
    expect(ui.requests[0]?.deadline).toBe(now + 120_000);
    cancel.abort();
    expect((await answer).verdict.reason).toBe('consentNeeded');
    expect(ui.requests[0]?.signal.aborted).toBe(true);
    ui.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(host.requests).toEqual([]);
  });

  it('the native gets a context: deadline = the clock + timeoutMs, its signal aborted by the call’s cancel', async () => {
    const contexts: NativeContext[] = [];
    let finish: (() => void) | undefined;
    const { path, grants } = setup({
      timeoutMs: 7000,
      providers: {
        photos: {
          pick: (_input: unknown, context: NativeContext) => {
            contexts.push(context);
            return new Promise((resolve) => {
              finish = () => resolve({ structuredContent: { photos: [] } });
              context.signal.addEventListener('abort', () => finish?.());
            });
          },
        },
      },
    });
    grants.set(appId, 'photos.read', 'granted');
    const cancel = new AbortController();
    const answer = path.call(pick(cancel.signal));
    await settle();
    expect(contexts).toHaveLength(1);
    expect(contexts[0]?.deadline).toBe(now + 7000);
    expect(contexts[0]?.signal.aborted).toBe(false);
    cancel.abort();
    // The native honoured the abort: it answered (an empty pick) and the row records what it did.
    expect((await answer).outcome).toBe('ok');
    expect(contexts[0]?.signal.aborted).toBe(true);
  });

  it('a signal that is not an AbortSignal is a TypeError naming it', async () => {
    const { path, audit } = setup();
    await expect(path.call({ ...pick(), signal: {} as AbortSignal })).rejects.toThrow(errorOf(TypeError, /request\.signal must be an AbortSignal/));
    expect(audit.rows).toEqual([]);
  });
});
