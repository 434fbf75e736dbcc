import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from '@xcap/wire';
import { FairGate, type Release } from '../../src/index.js';

const options = { maxInFlight: 3, maxInFlightPerKey: 2, maxQueuedPerKey: 10, maxWaitMs: 10_000 };

describe('FairGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('bounds requests in flight per key and over every key', async () => {
    const gate = new FairGate(options);
    const a1 = await gate.enter('a');
    const a2 = await gate.enter('a');
    expect(a1).not.toBeNull();
    expect(a2).not.toBeNull();
    let a3: Release | null | undefined;
    void gate.enter('a').then((release) => (a3 = release));
    const b1 = await gate.enter('b');
    expect(b1).not.toBeNull();
    expect(gate.inFlight).toBe(3);
    let b2: Release | null | undefined;
    void gate.enter('b').then((release) => (b2 = release));
    await Promise.resolve();
    expect([a3, b2]).toEqual([undefined, undefined]);
    expect(gate.waiting).toBe(2);
    a1?.();
    a1?.(); // a second release gives back nothing more
    await Promise.resolve();
    // a1 freed one of a's two slots, so a3 runs; b2 still waits for the total bound.
    expect(typeof a3).toBe('function');
    expect(b2).toBeUndefined();
    expect(gate.inFlight).toBe(3);
  });

  it('hands freed slots to waiting keys in turn', async () => {
    const gate = new FairGate({ ...options, maxInFlight: 1, maxInFlightPerKey: 1 });
    const first = (await gate.enter('a')) as Release;
    const order: string[] = [];
    const waits = ['a', 'a', 'a', 'b', 'c', 'b'].map((key, index) =>
      gate.enter(key).then((release) => {
        order.push(`${key}${index}`);
        queueMicrotask(() => release?.());
      }),
    );
    first();
    await Promise.all(waits);
    expect(order).toEqual(['a0', 'b3', 'c4', 'a1', 'b5', 'a2']);
  });

  it('refuses when the key\'s queue is full, after maxWaitMs, and when the signal aborts', async () => {
    const gate = new FairGate({ maxInFlight: 1, maxInFlightPerKey: 1, maxQueuedPerKey: 1, maxWaitMs: 30 });
    const held = await gate.enter('a');
    let waited: Release | null | undefined;
    const waiting = gate.enter('a').then((release) => (waited = release));
    expect(await gate.enter('a')).toBeNull();
    await vi.advanceTimersByTimeAsync(29);
    expect(waited).toBeUndefined();
    expect(gate.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBeNull();
    const controller = new AbortController();
    const aborted = gate.enter('b', controller.signal);
    controller.abort();
    expect(await aborted).toBeNull();
    expect(gate.waiting).toBe(0);
    held?.();
    expect(gate.inFlight).toBe(0);
    expect(await gate.enter('b', AbortSignal.abort())).toBeNull();
  });

  it('rejects bounds that are not positive integers', () => {
    expect(() => new FairGate({ ...options, maxInFlight: 0 })).toThrow(/maxInFlight must be a positive integer/);
    expect(() => new FairGate({ ...options, maxWaitMs: 1.5 })).toThrow(/maxWaitMs/);
  });

  it('waits on the timers it is given: one maxWaitMs timer per waiter, cleared when a slot comes first', async () => {
    vi.useRealTimers();
    const due: { callback: () => void; ms: number; cleared: boolean }[] = [];
    const timers: Timers = {
      setTimeout: (callback, ms) => due.push({ callback, ms, cleared: false }) - 1,
      clearTimeout: (handle) => {
        const timer = due[handle as number];
        if (timer !== undefined) timer.cleared = true;
      },
      now: () => 0,
    };
    const gate = new FairGate({ maxInFlight: 1, maxInFlightPerKey: 1, maxQueuedPerKey: 2, maxWaitMs: 5_000, timers });
    const held = (await gate.enter('a')) as Release;
    const first = gate.enter('a');
    const second = gate.enter('a');
    expect(due.map((timer) => timer.ms)).toEqual([5_000, 5_000]);
    due[1]?.callback();
    expect(await second).toBeNull();
    held();
    expect(typeof (await first)).toBe('function');
    expect(due.map((timer) => timer.cleared)).toEqual([true, true]);
  });
});
