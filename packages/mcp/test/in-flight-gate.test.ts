import { describe, expect, it } from 'vitest';
import { InFlightGate } from '../src/in-flight-gate.js';

describe('InFlightGate', () => {
  it('is full at max requests in flight and frees a slot as one is released (answered or cancelled), once', () => {
    const gate = new InFlightGate(2);
    gate.delivered(1);
    expect([gate.inFlight, gate.full]).toEqual([1, false]);
    gate.delivered('b');
    expect([gate.inFlight, gate.full]).toEqual([2, true]);
    expect(gate.release('b')).toBe(true);
    expect(gate.release('b')).toBe(false);
    expect(gate.release(99)).toBe(false);
    expect([gate.inFlight, gate.full]).toEqual([1, false]);
  });

  it('is never full while the server waits for the client to answer one of its own requests', () => {
    const gate = new InFlightGate(1);
    gate.delivered(1);
    gate.asked(7);
    expect(gate.full).toBe(false);
    gate.asked(8);
    gate.heard(7);
    expect(gate.full).toBe(false);
    gate.heard(8);
    expect(gate.full).toBe(true);
  });

  it('a held slot (a refused batch) counts as one in flight until it is given back, once', () => {
    const gate = new InFlightGate(2);
    gate.delivered(1);
    const release = gate.hold();
    expect([gate.inFlight, gate.full]).toEqual([2, true]);
    release();
    release();
    expect([gate.inFlight, gate.full]).toEqual([1, false]);
    const other = gate.hold();
    gate.hold();
    expect([gate.inFlight, gate.full]).toEqual([3, true]);
    other();
    expect([gate.inFlight, gate.full]).toEqual([2, true]);
  });
});
