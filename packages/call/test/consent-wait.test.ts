import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentCallRequest, ConsentChoice, ConsentRequest } from '../src/index.js';
import { createCallPath, maxOpenSheetsPerAgent } from '../src/index.js';
import { appId, setup } from './setup.js';
import { errorOf } from '@xcap/test-support';

const now = Date.parse('2026-11-01T10:00:00Z');

/** An agent's call of `name` (photos.read unless told) by `client`, with `args` and any other request fields. */
const call = (client: string, args: unknown = {}, extra: Partial<AgentCallRequest> = {}, name = 'photos__pick'): AgentCallRequest => ({
  from: 'agent',
  name,
  arguments: args,
  foreground: true,
  client,
  ...extra,
});

/** A consent UI that records each request and answers only when told to. */
function heldUi() {
  const requests: ConsentRequest[] = [];
  const answers: ((choice: ConsentChoice) => void)[] = [];
  const consent = (request: ConsentRequest) => {
    requests.push(request);
    return new Promise<ConsentChoice>((resolve) => answers.push(resolve));
  };
  return { requests, answers, consent };
}

/** A call path whose sheets stay open a minute while an agent's call waits 3 s on one. */
function waiting(overrides: Parameters<typeof setup>[0] = {}) {
  const ui = heldUi();
  return { ui, ...setup({ consent: ui.consent, clock: () => new Date(), consentTimeoutMs: 60_000, consentWaitMs: 3_000, ...overrides }) };
}

/** Lets the microtasks and zero-delay timers of the call path run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Whether `promise` has settled, after the pending microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await settle();
  return done;
}

beforeEach(() => {
  vi.useFakeTimers({ now });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCallPath: consentWaitMs in the setup', () => {
  it('must be a number > 0 or Infinity', () => {
    const { options } = setup();
    for (const bad of [0, -1, Number.NaN, '5' as never, null as never]) {
      expect(() => createCallPath({ ...options, consentWaitMs: bad })).toThrow(/consentWaitMs: not a number > 0 \(ms\) or Infinity/);
    }
    expect(() => createCallPath({ ...options, consentWaitMs: 1 })).not.toThrow();
    expect(() => createCallPath({ ...options, consentWaitMs: Infinity })).not.toThrow();
  });

  it('defaults to the consent timeout: the call waits until the sheet’s deadline, and the sheet never detaches', async () => {
    const ui = heldUi();
    const { path } = setup({ consent: ui.consent, consentTimeoutMs: 5_000 });
    const answer = path.call(call('run-7'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).verdict.reason).toBe('consentNeeded');
    expect(ui.requests[0]?.signal.aborted).toBe(true);
    expect(ui.requests[0]?.detached.aborted).toBe(false);
  });
});

describe('createCallPath: a call waits at most consentWaitMs on a sheet', () => {
  it('then answers dismissed with its one row; the sheet stays open, detached, until its deadline', async () => {
    const { ui, path, audit, grants } = waiting();
    const answer = path.call(call('run-7'));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await settled(answer)).toBe(false);
    expect(ui.requests[0]?.detached.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const end = await answer;
    expect(end.kind === 'result' && end.result.content[0].text).toBe('denied: consentNeeded');
    expect(audit.rows.map((r) => [r.status, r.error])).toEqual([['denied', 'consentNeeded']]);
    const [sheet] = ui.requests;
    expect(sheet?.detached.aborted).toBe(true);
    expect(sheet?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(56_999);
    expect(sheet?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sheet?.signal.aborted).toBe(true);
    expect((sheet?.signal.reason as Error).name).toBe('TimeoutError');
    ui.answers[0]?.('allow'); // after the deadline: changes nothing
    await settle();
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(audit.rows).toHaveLength(1);
  });

  it('a late Always allow is stored, and the retry runs without a sheet (one row per call)', async () => {
    const { ui, path, audit, grants, nativeCalls } = waiting();
    const first = path.call(call('run-7'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await first).verdict.reason).toBe('consentNeeded');
    await vi.advanceTimersByTimeAsync(7_000);
    ui.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBe('granted');
    expect(nativeCalls).toEqual([]); // the late answer runs nothing by itself
    expect(audit.rows).toHaveLength(1);
    const retry = await path.call(call('run-7'));
    expect(retry.outcome).toBe('ok');
    expect(ui.requests).toHaveLength(1);
    expect(audit.rows.map((r) => [r.status, r.error])).toEqual([
      ['denied', 'consentNeeded'],
      ['ok', null],
    ]);
  });

  it('a late Don’t allow is stored, and the retry is refused consentDenied without a sheet', async () => {
    const { ui, path, audit, grants } = waiting();
    const first = path.call(call('run-7'));
    await vi.advanceTimersByTimeAsync(3_000);
    await first;
    ui.answers[0]?.('deny');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBe('denied');
    expect((await path.call(call('run-7'))).verdict.reason).toBe('consentDenied');
    expect(ui.requests).toHaveLength(1);
    expect(audit.rows.map((r) => r.error)).toEqual(['consentNeeded', 'consentDenied']);
  });

  it('a call with waitsLong, and a call from the app’s UI, wait up to the consent timeout', async () => {
    const { ui, path, audit } = waiting();
    const long = path.call(call('run-7', {}, { waitsLong: true }));
    const fromUi = path.call({ from: 'ui', name: 'photos_pick', arguments: {}, foreground: true });
    await vi.advanceTimersByTimeAsync(45_000);
    expect(await settled(long)).toBe(false);
    expect(await settled(fromUi)).toBe(false);
    expect(ui.requests.map((r) => r.detached.aborted)).toEqual([false, false]);
    ui.answers[0]?.('allowOnce');
    ui.answers[1]?.('allowOnce');
    expect((await long).outcome).toBe('ok');
    expect((await fromUi).outcome).toBe('ok');
    expect(audit.rows.map((r) => [r.clientId, r.status])).toEqual([
      ['run-7', 'ok'],
      ['ui', 'ok'],
    ]);
  });

  it('a waitsLong call still ends at the deadline, dismissed', async () => {
    const { ui, path } = waiting();
    const long = path.call(call('run-7', {}, { waitsLong: true }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(await settled(long)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await long).verdict.reason).toBe('consentNeeded');
    expect(ui.requests[0]?.detached.aborted).toBe(false);
  });

  it('waitsLong that is not a boolean is a TypeError; a UI call has no waitsLong', async () => {
    const { path, audit } = waiting();
    await expect(path.call(call('run-7', {}, { waitsLong: 'yes' as never }))).rejects.toThrow(errorOf(TypeError, /request\.waitsLong must be a boolean/));
    await expect(path.call({ from: 'ui', name: 'photos_pick', foreground: true, waitsLong: true } as never)).rejects.toThrow(
      errorOf(TypeError, /a UI call has no waitsLong/),
    );
    expect(audit.rows).toEqual([]);
  });
});

describe('createCallPath: a sheet whose waiters were all cancelled', () => {
  it('aborts at once: no detach, a late answer stores nothing', async () => {
    const { ui, path, grants, audit } = waiting();
    const cancel = new AbortController();
    const answer = path.call(call('run-7', {}, { signal: cancel.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    cancel.abort();
    expect((await answer).verdict.reason).toBe('consentNeeded');
    const [sheet] = ui.requests;
    expect(sheet?.signal.aborted).toBe(true);
    expect(sheet?.detached.aborted).toBe(false);
    ui.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    // The next call opens a sheet of its own.
    void path.call(call('run-7'));
    await settle();
    expect(ui.requests).toHaveLength(2);
    expect(audit.rows).toHaveLength(1);
  });

  it('stays open, detached, when one waiter ran out of wait before the last one cancelled', async () => {
    const { ui, path, grants } = waiting();
    const first = path.call(call('run-7'));
    await vi.advanceTimersByTimeAsync(2_000);
    const cancel = new AbortController();
    const second = path.call(call('run-7', {}, { signal: cancel.signal }));
    await settle();
    expect(ui.requests).toHaveLength(1); // the second joined the first's sheet
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await first).verdict.reason).toBe('consentNeeded');
    const [sheet] = ui.requests;
    expect(sheet?.detached.aborted).toBe(false); // the second still waits
    cancel.abort();
    expect((await second).verdict.reason).toBe('consentNeeded');
    expect(sheet?.signal.aborted).toBe(false);
    expect(sheet?.detached.aborted).toBe(true);
    ui.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBe('granted');
  });
});

describe('createCallPath: sheets shared by scope, agent and arguments', () => {
  it('a retry joins the detached sheet; Allow once while it waits runs it and leaves no pass', async () => {
    const { ui, path, audit, grants } = waiting();
    const first = path.call(call('run-7', { limit: 2 }));
    await vi.advanceTimersByTimeAsync(3_000);
    await first;
    expect(ui.requests[0]?.detached.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    const retry = path.call(call('run-7', { limit: 2 }));
    await settle();
    expect(ui.requests).toHaveLength(1);
    ui.answers[0]?.('allowOnce');
    expect((await retry).outcome).toBe('ok');
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    // Nothing left for a third call: it asks again.
    void path.call(call('run-7', { limit: 2 }));
    await settle();
    expect(ui.requests).toHaveLength(2);
    expect(audit.rows.map((r) => r.status)).toEqual(['denied', 'ok']);
  });

  it('another argsHash, another agent, the app’s UI or another tool of the scope gets a sheet of its own', async () => {
    const { ui, path } = waiting();
    void path.call(call('run-7', { limit: 2 }));
    void path.call(call('run-7', { limit: 2 }));
    void path.call(call('run-7', { limit: 3 }));
    void path.call(call('run-8', { limit: 2 }));
    void path.call({ from: 'ui', name: 'photos_pick', arguments: { limit: 2 }, foreground: true });
    void path.call(call('run-7', { limit: 2 }, {}, 'photos__list'));
    await settle();
    expect(ui.requests.map((r) => [r.client, r.tool.id, r.arguments])).toEqual([
      ['run-7', 'photos_pick', { limit: 2 }],
      ['run-7', 'photos_pick', { limit: 3 }],
      ['run-8', 'photos_pick', { limit: 2 }],
      [null, 'photos_pick', { limit: 2 }],
      ['run-7', 'photos_list', { limit: 2 }],
    ]);
    expect(new Set(ui.requests.map((r) => r.argsHash)).size).toBe(2);
  });

  it('Allow once while calls wait runs them all and stores nothing; the next call asks again', async () => {
    const { ui, path, grants, audit } = waiting();
    const calls = [path.call(call('run-7')), path.call(call('run-7'))];
    await settle();
    expect(ui.requests).toHaveLength(1);
    ui.answers[0]?.('allowOnce');
    expect((await Promise.all(calls)).map((a) => a.outcome)).toEqual(['ok', 'ok']);
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    void path.call(call('run-7'));
    await settle();
    expect(ui.requests).toHaveLength(2);
    expect(audit.rows.map((r) => r.status)).toEqual(['ok', 'ok']);
  });

  it('a stored answer ends every other open sheet of the scope (their calls go on with it), not those of other scopes', async () => {
    const { ui, path, grants, audit } = waiting();
    const own = heldUi();
    const a = path.call(call('run-7', { limit: 1 }));
    const b = path.call(call('run-8', { limit: 2 }));
    const c = path.call(call('run-9', {}, { consent: own.consent }));
    const other = path.call(call('run-7', { title: 'Due' }, {}, 'notifications__post'));
    await settle();
    expect(ui.requests.map((r) => r.scope)).toEqual(['photos.read', 'photos.read', 'notifications.post']);
    expect(own.requests).toHaveLength(1);
    ui.answers[0]?.('deny');
    expect((await a).verdict.reason).toBe('consentDenied');
    expect((await b).verdict.reason).toBe('consentDenied');
    expect((await c).verdict.reason).toBe('consentDenied');
    expect(ui.requests[1]?.signal.aborted).toBe(true);
    expect(own.requests[0]?.signal.aborted).toBe(true);
    expect(ui.requests[2]?.signal.aborted).toBe(false);
    expect(grants.get(appId, 'photos.read')).toBe('denied');
    ui.answers[1]?.('allow'); // the ended sheet's late answer changes nothing
    own.answers[0]?.('allow');
    await settle();
    expect(grants.get(appId, 'photos.read')).toBe('denied');
    ui.answers[2]?.('dismiss');
    expect((await other).verdict.reason).toBe('consentNeeded');
    expect(audit.rows.map((r) => `${r.clientId} ${r.tool} ${String(r.error)}`).sort()).toEqual([
      'run-7 notifications__post consentNeeded',
      'run-7 photos__pick consentDenied',
      'run-8 photos__pick consentDenied',
      'run-9 photos__pick consentDenied',
    ]);
  });

  it('a stored allow given late ends the detached sheets of the scope too, and the other agents’ retries run', async () => {
    const { ui, path, audit } = waiting();
    const a = path.call(call('run-7'));
    const b = path.call(call('run-8'));
    await vi.advanceTimersByTimeAsync(3_000);
    await Promise.all([a, b]);
    ui.answers[0]?.('allow');
    await settle();
    expect(ui.requests[1]?.signal.aborted).toBe(true);
    expect((await path.call(call('run-8'))).outcome).toBe('ok');
    expect(ui.requests).toHaveLength(2);
    expect(audit.rows.map((r) => r.status)).toEqual(['denied', 'denied', 'ok']);
  });
});

describe('createCallPath: Allow once after the sheet detached leaves one pass', () => {
  /** A call by run-7 whose wait ran out, then `Allow once` on its sheet at 10 s. */
  async function passLeft(overrides: Parameters<typeof setup>[0] = {}) {
    const parts = waiting(overrides);
    const first = parts.path.call(call('run-7', { limit: 1 }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await first).verdict.reason).toBe('consentNeeded');
    await vi.advanceTimersByTimeAsync(7_000);
    parts.ui.answers[0]?.('allowOnce');
    await settle();
    return parts;
  }

  it('the next call of that scope by that agent runs without a sheet, once; nothing is stored', async () => {
    const { ui, path, grants, audit, nativeCalls } = await passLeft();
    expect(grants.get(appId, 'photos.read')).toBeUndefined();
    expect(nativeCalls).toEqual([]);
    // Another tool of the scope, other arguments: the pass is the scope's and the agent's.
    const next = await path.call(call('run-7', { limit: 5 }, {}, 'photos__list'));
    expect(next.outcome).toBe('ok');
    expect(nativeCalls.map((c) => c.tool)).toEqual(['photos_list']);
    expect(ui.requests).toHaveLength(1);
    // Single use: the call after asks again.
    void path.call(call('run-7', { limit: 1 }));
    await settle();
    expect(ui.requests).toHaveLength(2);
    expect(audit.rows.map((r) => [r.tool, r.status])).toEqual([
      ['photos__pick', 'denied'],
      ['photos__list', 'ok'],
    ]);
  });

  it('is bound to the agent and the scope: another client or another scope gets a sheet, and the pass stays', async () => {
    const { ui, path } = await passLeft();
    void path.call(call('run-8', { limit: 1 }));
    void path.call(call('run-7', { title: 'Due' }, {}, 'notifications__post'));
    void path.call({ from: 'ui', name: 'photos_pick', arguments: { limit: 1 }, foreground: true });
    await settle();
    expect(ui.requests.map((r) => [r.client, r.scope])).toEqual([
      ['run-7', 'photos.read'],
      ['run-8', 'photos.read'],
      ['run-7', 'notifications.post'],
      [null, 'photos.read'],
    ]);
    expect((await path.call(call('run-7'))).outcome).toBe('ok');
    expect(ui.requests).toHaveLength(4);
  });

  it('expires at the sheet’s deadline: usable 1 ms before it, not at it', async () => {
    const early = await passLeft();
    await vi.advanceTimersByTimeAsync(49_999); // 59.999 s after the sheet opened
    expect((await early.path.call(call('run-7'))).outcome).toBe('ok');
    expect(early.ui.requests).toHaveLength(1);
    vi.setSystemTime(now);
    const late = await passLeft();
    await vi.advanceTimersByTimeAsync(50_000); // the deadline
    void late.path.call(call('run-7'));
    await settle();
    expect(late.ui.requests).toHaveLength(2);
  });

  it('a cancelled call does not use it up', async () => {
    const { ui, path } = await passLeft();
    const cancel = new AbortController();
    cancel.abort();
    expect((await path.call(call('run-7', {}, { signal: cancel.signal }))).verdict.reason).toBe('consentNeeded');
    expect((await path.call(call('run-7'))).outcome).toBe('ok');
    expect(ui.requests).toHaveLength(1);
  });

  it('a stored answer for the scope drops it: after a revoke the agent is asked again', async () => {
    const { ui, path, grants } = await passLeft();
    const other = path.call(call('run-8'));
    await settle();
    ui.answers[1]?.('allow');
    expect((await other).outcome).toBe('ok');
    grants.delete(appId, 'photos.read');
    void path.call(call('run-7'));
    await settle();
    expect(ui.requests).toHaveLength(3);
  });

  it('Allow once given after the deadline leaves nothing', async () => {
    const { ui, path } = waiting();
    const first = path.call(call('run-7'));
    await vi.advanceTimersByTimeAsync(60_000);
    await first;
    ui.answers[0]?.('allowOnce');
    await settle();
    void path.call(call('run-7'));
    await settle();
    expect(ui.requests).toHaveLength(2);
  });
});

describe('createCallPath: open sheets are bounded per agent', () => {
  it('an agent has at most maxOpenSheetsPerAgent open, detached ones included; one more answers dismissed with no sheet; others are not held', async () => {
    expect(maxOpenSheetsPerAgent).toBe(64);
    const { ui, path, audit } = waiting();
    const calls = Array.from({ length: maxOpenSheetsPerAgent }, (_, i) =>
      path.call(call('run-7', { limit: (i % 50) + 1 }, {}, i < 50 ? 'photos__pick' : 'photos__list')),
    );
    await vi.advanceTimersByTimeAsync(3_000);
    await Promise.all(calls);
    expect(ui.requests).toHaveLength(maxOpenSheetsPerAgent);
    expect(ui.requests.every((r) => r.detached.aborted && !r.signal.aborted)).toBe(true);
    const over = await path.call(call('run-7', { limit: 3 }, {}, 'photos__get'));
    expect(over.verdict.reason).toBe('consentNeeded');
    expect(ui.requests).toHaveLength(maxOpenSheetsPerAgent);
    // Another agent still gets its sheet; a retry of an open sheet still joins it.
    void path.call(call('run-8'));
    void path.call(call('run-7', { limit: 1 }));
    await settle();
    expect(ui.requests).toHaveLength(maxOpenSheetsPerAgent + 1);
    // A sheet that ends frees its place.
    ui.answers[1]?.('dismiss');
    await settle();
    void path.call(call('run-7', { limit: 3 }, {}, 'photos__get'));
    await settle();
    expect(ui.requests).toHaveLength(maxOpenSheetsPerAgent + 2);
    expect(audit.rows).toHaveLength(maxOpenSheetsPerAgent + 1);
  });
});
