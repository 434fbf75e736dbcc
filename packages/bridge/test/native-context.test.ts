import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonObject, NativeContext } from '@xcap/catalog';
import { bridgeCall } from '../src/bridge-call.js';
import type { BridgeCallInput } from '../src/bridge-call.js';
import { catalog, context, seededStore } from './fixture.js';

const now = Date.parse('2026-11-01T10:00:00Z');

/** A photos_pick whose native records its context and answers only when told to (or never). */
function held(extra: Partial<BridgeCallInput> = {}) {
  const contexts: NativeContext[] = [];
  let answer: (value: unknown) => void = () => undefined;
  let settled = false;
  const native = (_args: JsonObject, given: NativeContext) => {
    contexts.push(given);
    return new Promise((resolve) => (answer = resolve));
  };
  const end = bridgeCall({ catalog, tool: 'photos_pick', arguments: {}, context, blobs: seededStore(), native, ...extra }).finally(() => (settled = true));
  return { contexts, end, answer: (value: unknown) => answer(value), settled: () => settled };
}

beforeEach(() => {
  vi.useFakeTimers({ now });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the native’s context', () => {
  it('its signal aborts at the native timeout, and deadline = the clock + timeoutMs', async () => {
    const call = held({ timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    const [given] = call.contexts;
    expect(given?.deadline).toBe(now + 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(given?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(given?.signal.aborted).toBe(true);
    expect((given?.signal.reason as Error).name).toBe('TimeoutError');
    expect((await call.end).outcome).toBe('timeout');
  });

  it('the deadline follows the given clock; the default timeout is 30 s; Infinity never aborts', async () => {
    const clocked = held({ now: () => now + 123 });
    await vi.advanceTimersByTimeAsync(0);
    expect(clocked.contexts[0]?.deadline).toBe(now + 123 + 30_000);
    const broken = held({
      now: () => {
        throw new Error('no clock');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(broken.contexts[0]?.deadline).toBe(now + 30_000);
    const forever = held({ timeoutMs: Infinity });
    await vi.advanceTimersByTimeAsync(0);
    expect(forever.contexts[0]?.deadline).toBe(Infinity);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(forever.contexts[0]?.signal.aborted).toBe(false);
    forever.answer({ structuredContent: { photos: [] } });
    expect((await forever.end).outcome).toBe('ok');
  });

  it('its signal aborts when the call’s signal does; the bridge still takes the native’s answer within the timeout', async () => {
    const cancel = new AbortController();
    const call = held({ signal: cancel.signal, timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    const [given] = call.contexts;
    cancel.abort();
    expect(given?.signal.aborted).toBe(true);
    expect(call.settled()).toBe(false);
    call.answer({ structuredContent: { photos: [] } });
    expect((await call.end).outcome).toBe('ok');
  });

  it('a call already cancelled hands the native an aborted signal', async () => {
    const cancel = new AbortController();
    cancel.abort();
    const call = held({ signal: cancel.signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(call.contexts[0]?.signal.aborted).toBe(true);
    call.answer({ structuredContent: { photos: [] } });
    expect((await call.end).outcome).toBe('ok');
  });

  it('names who calls: the input’s agent and client, null when absent', async () => {
    const agent = { name: 'Claude Desktop', version: '1.2', via: 'token laptop' };
    const named = held({ agent, client: 'token:laptop' });
    const unnamed = held();
    await vi.advanceTimersByTimeAsync(0);
    expect([named.contexts[0]?.agent, named.contexts[0]?.client]).toEqual([agent, 'token:laptop']);
    expect([unnamed.contexts[0]?.agent, unnamed.contexts[0]?.client]).toEqual([null, null]);
    named.answer({ structuredContent: { photos: [] } });
    unnamed.answer({ structuredContent: { photos: [] } });
    expect((await named.end).outcome).toBe('ok');
    expect((await unnamed.end).outcome).toBe('ok');
  });

  it('33/11: answered aborts only once the call is answered — after its files are stored — and also when it ends without the answer', async () => {
    const photo = { id: 'ph-1', name: 'IMG_1.jpg', mimeType: 'image/jpeg', takenAt: null, data: 'aGk=' };
    const blobs = seededStore();
    let stored: (() => void) | undefined;
    const put = blobs.put.bind(blobs);
    blobs.put = (...args) => new Promise<string>((resolve) => (stored = () => resolve(put(...args))));
    const call = held({ blobs });
    await vi.advanceTimersByTimeAsync(0);
    const answered = call.contexts[0]?.answered;
    expect(answered?.aborted).toBe(false);
    call.answer({ structuredContent: { photos: [photo] } });
    for (let turn = 0; turn < 20 && stored === undefined; turn++) await vi.advanceTimersByTimeAsync(0);
    // The native answered and its file is being stored: the call is not answered yet.
    expect([typeof stored, answered?.aborted, call.settled()]).toEqual(['function', false, false]);
    stored?.();
    expect((await call.end).outcome).toBe('ok');
    expect(answered?.aborted).toBe(true);
    const timedOut = held({ timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect((await timedOut.end).outcome).toBe('timeout');
    expect(timedOut.contexts[0]?.answered?.aborted).toBe(true);
  });
});
