import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressTokenOf, progressWhileWaiting, waitingProgressMessage, type ProgressNotice } from '../src/progress-while-waiting.js';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function started(intervalMs = 10_000) {
  const sent: ProgressNotice[] = [];
  const cancel = new AbortController();
  const stop = progressWhileWaiting({ token: 'tok-1', notify: (n) => (sent.push(n), Promise.resolve()), intervalMs, signal: cancel.signal });
  return { sent, cancel, stop };
}

describe('progressWhileWaiting', () => {
  it('sends nothing before the first interval, then one notification every interval with increasing progress', () => {
    const { sent, stop } = started();
    vi.advanceTimersByTime(9_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(20_000);
    expect(sent).toEqual(
      [1, 2, 3].map((progress) => ({ method: 'notifications/progress', params: { progressToken: 'tok-1', progress, message: waitingProgressMessage } })),
    );
    stop();
  });

  it('stops when the call answers (stop) and when its signal aborts', () => {
    const one = started();
    vi.advanceTimersByTime(10_000);
    one.stop();
    vi.advanceTimersByTime(60_000);
    expect(one.sent).toHaveLength(1);
    const two = started();
    vi.advanceTimersByTime(20_000);
    two.cancel.abort();
    vi.advanceTimersByTime(60_000);
    expect(two.sent).toHaveLength(2);
  });

  it('a stop called while a notification is being sent (from notify itself) sends no further one', () => {
    let n = 0;
    const stop = progressWhileWaiting({
      token: 'a',
      notify: () => {
        n += 1;
        stop();
        return Promise.resolve();
      },
      intervalMs: 1_000,
      signal: new AbortController().signal,
    });
    vi.advanceTimersByTime(10_000);
    expect(n).toBe(1);
  });

  it('a notify that rejects does not stop the next ones', async () => {
    let n = 0;
    progressWhileWaiting({ token: 7, notify: () => (n++, Promise.reject(new Error('closed'))), intervalMs: 1_000, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(n).toBe(3);
  });

  it('an already aborted signal sends nothing', () => {
    const cancel = new AbortController();
    cancel.abort();
    const sent: unknown[] = [];
    progressWhileWaiting({ token: 1, notify: (x) => (sent.push(x), Promise.resolve()), intervalMs: 1_000, signal: cancel.signal });
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(0);
  });
});

describe('progressTokenOf', () => {
  it('reads a string or finite number token from _meta; anything else is none', () => {
    expect(progressTokenOf({ _meta: { progressToken: 'a' } })).toBe('a');
    expect(progressTokenOf({ _meta: { progressToken: 0 } })).toBe(0);
    expect(progressTokenOf({ _meta: { progressToken: Number.NaN } })).toBeUndefined();
    expect(progressTokenOf({ _meta: { progressToken: {} } })).toBeUndefined();
    expect(progressTokenOf({ _meta: 'x' })).toBeUndefined();
    expect(progressTokenOf({ _meta: null })).toBeUndefined();
    expect(progressTokenOf({ _meta: { progressToken: true } })).toBeUndefined();
    expect(progressTokenOf({})).toBeUndefined();
  });
});
