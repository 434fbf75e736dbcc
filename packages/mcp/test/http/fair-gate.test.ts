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

  it('mustWait says whether enter would wait: its key at its bound, every slot taken, or its key already waiting', async () => {
    const gate = new FairGate(options);
    expect(gate.mustWait('a')).toBe(false);
    const a1 = await gate.enter('a');
    await gate.enter('a');
    expect([gate.mustWait('a'), gate.mustWait('b')]).toEqual([true, false]);
    await gate.enter('b');
    // Three in flight: every key waits now.
    expect(gate.mustWait('b')).toBe(true);
    void gate.enter('a');
    a1?.();
    await Promise.resolve();
    // The freed slot went to the waiting a; b still waits for the total bound.
    expect([gate.mustWait('a'), gate.mustWait('b'), gate.mustWait('c')]).toEqual([true, true, true]);
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

  it("refuses when the key's queue is full, after maxWaitMs, and when the signal aborts", async () => {
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
    expect(() => new FairGate({ ...options, maxInFlightPerKey: 0 })).toThrow(/maxInFlightPerKey must be a positive integer, got 0/);
    expect(() => new FairGate({ ...options, maxQueuedPerKey: -1 })).toThrow(/maxQueuedPerKey/);
    expect(new FairGate({ ...options, maxQueuedPerKey: 0 }).waiting).toBe(0);
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

  it('a key keeps counting its other running requests when one is released: it waits at its bound again', async () => {
    const gate = new FairGate(options);
    const a1 = (await gate.enter('a')) as Release;
    await gate.enter('a');
    const a3 = gate.enter('a');
    a1();
    expect(typeof (await a3)).toBe('function');
    let a4: Release | null | undefined;
    void gate.enter('a').then((release) => (a4 = release));
    await Promise.resolve();
    await Promise.resolve();
    // a2 and a3 run: a is at its bound of 2, though one slot over every key is free.
    expect(a4).toBeUndefined();
    expect([gate.inFlight, gate.waiting]).toEqual([2, 1]);
  });

  it('a freed slot skips the keys at their own bound and goes to the next key that can run; nothing runs over maxInFlight', async () => {
    const gate = new FairGate({ maxInFlight: 2, maxInFlightPerKey: 1, maxQueuedPerKey: 10, maxWaitMs: 10_000 });
    const a = (await gate.enter('a')) as Release;
    const b = (await gate.enter('b')) as Release;
    const granted: string[] = [];
    const take = (key: string) => void gate.enter(key).then((release) => release !== null && granted.push(key));
    take('a');
    take('b');
    take('c');
    b();
    await vi.advanceTimersByTimeAsync(0);
    // a still runs (its bound is 1): b's freed slot goes to b's waiter, in turn.
    expect(granted).toEqual(['b']);
    expect(gate.inFlight).toBe(2);
    a();
    await vi.advanceTimersByTimeAsync(0);
    // The turn goes on past b to c before it comes back to a.
    expect(granted).toEqual(['b', 'c']);
    expect([gate.inFlight, gate.waiting]).toEqual([2, 1]);
  });

  it('a key leaving the ring before the cursor keeps the turn where it was', async () => {
    const gate = new FairGate({ maxInFlight: 1, maxInFlightPerKey: 1, maxQueuedPerKey: 10, maxWaitMs: 10_000 });
    const held = (await gate.enter('x')) as Release;
    const controller = new AbortController();
    const order: string[] = [];
    const a1 = gate.enter('a');
    void gate.enter('a', controller.signal);
    void gate.enter('b').then((release) => order.push('b') && release?.());
    void gate.enter('c').then((release) => order.push('c') && release?.());
    held();
    const first = (await a1) as Release;
    // a's second request leaves: the ring is b, c and b is next.
    controller.abort();
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['b', 'c']);
  });

  it('a granted request no longer listens to its signal', async () => {
    const gate = new FairGate({ ...options, maxInFlight: 1, maxInFlightPerKey: 1 });
    const held = (await gate.enter('a')) as Release;
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const waiting = gate.enter('b', controller.signal);
    held();
    expect(typeof (await waiting)).toBe('function');
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});
