import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRow, AuditWriteMeta } from '@xcap/audit';
import { AuditQueue, auditRetryConcurrency, auditRetryFirstDelayMs, auditRetryMaxDelayMs, type AuditQueueStateChange } from '../src/index.js';

// Time is the logic of the retry rounds: every test here runs on vitest's fake clock.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const row = (tool: string): AuditRow => ({ appId: 'a', clientId: 'ui', tool, status: 'ok', error: null, argsHash: 'sha256:0' });
const clock = () => new Date(0);

/**
 * A sink that refuses (like a full disk) while `down` is true or the row is in `refuse`,
 * optionally takes `delayMs` of (fake) time per write, and records what it took and how many
 * writes were in flight at once.
 */
function scriptedSink(delayMs = 0) {
  const sink = {
    down: false,
    refuse: new Set<string>(),
    attempts: new Map<string, number>(),
    rows: [] as string[],
    inFlight: 0,
    maxInFlight: 0,
    async write(r: AuditRow, _meta?: AuditWriteMeta): Promise<void> {
      sink.attempts.set(r.tool, (sink.attempts.get(r.tool) ?? 0) + 1);
      sink.inFlight++;
      sink.maxInFlight = Math.max(sink.maxInFlight, sink.inFlight);
      try {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (sink.down || sink.refuse.has(r.tool)) throw new Error('SQLITE_FULL: database or disk is full');
        sink.rows.push(r.tool);
      } finally {
        sink.inFlight--;
      }
    },
  };
  return sink;
}

/** Moves the fake clock to `at` ms after the test's start (`start`), running every timer and promise on the way. */
async function advanceTo(start: number, at: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(start + at - Date.now());
}

describe('AuditQueue writes', () => {
  it('writes concurrent rows concurrently, each once: a slow row holds back no other', async () => {
    const written: string[] = [];
    const queue = new AuditQueue(
      {
        write: async (r) => {
          await new Promise((resolve) => setTimeout(resolve, r.tool === 'a' ? 30 : 0));
          written.push(r.tool);
        },
      },
      { clock },
    );
    const a = queue.write(row('a'));
    const bc = Promise.all([queue.write(row('b')), queue.write(row('c'))]);
    await vi.advanceTimersByTimeAsync(0);
    await bc;
    expect(written).toEqual(['b', 'c']);
    expect(queue.pending.map((p) => p.row.tool)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(30);
    await a;
    expect(written).toEqual(['b', 'c', 'a']);
    expect(queue.pending).toEqual([]);
  });

  it('a write the sink does not settle within the timeout counts as failed, and the row stays pending', async () => {
    const queue = new AuditQueue({ write: () => new Promise<void>(() => undefined) }, { clock, timeoutMs: 1_000 });
    let settled: boolean | undefined;
    void queue.write(row('a')).then((written) => (settled = written));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
    expect(queue.pending.map((p) => [p.row.tool, p.attempts, p.lastError])).toEqual([['a', 1, 'audit sink did not answer within 1000 ms']]);
  });

  it('is full at maxPending; writeOnce keeps no row it could not write, counts and reports it', async () => {
    const errors: string[] = [];
    const queue = new AuditQueue(
      {
        write: () => {
          throw new Error('down');
        },
      },
      { clock, maxPending: 2, onError: (e) => errors.push(String(e)) },
    );
    await queue.write(row('a'));
    expect(queue.full).toBe(false);
    await queue.write(row('b'));
    expect(queue.full).toBe(true);
    expect(await queue.writeOnce(row('c'))).toBe(false);
    expect(queue.size).toBe(2);
    expect(queue.unwrittenRefusals).toBe(1);
    expect(errors.at(-1)).toBe('Error: audit queue is full (2 rows pending): the row of a call refused for that was not written either: down');
  });

  it('a rejection with no reason is still a failure', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a sink that rejects with no reason at all, on purpose
    const queue = new AuditQueue({ write: () => Promise.reject(undefined) }, { clock });
    await queue.write(row('a'));
    expect(queue.pending).toEqual([{ row: row('a'), since: '1970-01-01T00:00:00.000Z', attempts: 1, lastError: 'audit sink failed' }]);
  });

  it('a rejection value that cannot be printed neither rejects the write nor blocks the queue', async () => {
    let fail = true;
    const written: string[] = [];
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a sink that rejects with a prototype-less object, on purpose
    const queue = new AuditQueue({ write: (r) => (fail ? Promise.reject(Object.create(null)) : void written.push(r.tool)) }, { clock });
    await expect(queue.write(row('a'))).resolves.toBe(false);
    expect(queue.pending).toEqual([
      { row: row('a'), since: '1970-01-01T00:00:00.000Z', attempts: 1, lastError: 'audit sink failed (the error cannot be printed)' },
    ]);
    fail = false;
    await expect(queue.write(row('b'))).resolves.toBe(true);
    expect(written).toEqual(['a', 'b']);
    expect(queue.pending).toEqual([]);
  });

  it('an onError or onState that throws changes nothing', async () => {
    const sink = scriptedSink();
    const throwing = () => {
      throw new Error('log down');
    };
    const queue = new AuditQueue(sink, { clock, onError: throwing, onState: throwing });
    sink.down = true;
    await expect(queue.write(row('a'))).resolves.toBe(false);
    expect(queue.state).toBe('failing');
    sink.down = false;
    await expect(queue.write(row('b'))).resolves.toBe(true);
    expect(queue.state).toBe('ok');
    expect(sink.rows).toEqual(['a', 'b']);
  });

  it('a clock that throws stamps the epoch instead of failing the write', async () => {
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, {
      clock: () => {
        throw new Error('no clock');
      },
    });
    await queue.write(row('a'));
    expect(queue.pending.map((p) => p.since)).toEqual(['1970-01-01T00:00:00.000Z']);
  });
  it('writeOnce of a row the sink takes answers true and brings a failing queue back to ok', async () => {
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('a'));
    expect(queue.state).toBe('failing');
    sink.down = false;
    await expect(queue.writeOnce(row('b'))).resolves.toBe(true);
    expect(queue.state).toBe('ok');
    expect(queue.unwrittenRefusals).toBe(0);
  });

  it('hands the sink the meta when there is one, and one argument when there is none', async () => {
    const calls: unknown[][] = [];
    const queue = new AuditQueue({ write: (...args: unknown[]) => void calls.push(args) }, { clock });
    const meta: AuditWriteMeta = { at: '2026-03-01T09:00:00.000Z', durationMs: 3 };
    await queue.write(row('a'));
    await queue.write(row('b'), meta);
    expect(calls).toStrictEqual([[row('a')], [row('b'), meta]]);
  });

  it('lists a pending row with its meta only when it has one', async () => {
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('a'));
    await queue.write(row('b'), { at: '2026-03-01T09:00:00.000Z', durationMs: 3 });
    const pending = queue.pending.map(({ row: r, ...rest }) => ({ tool: r.tool, ...rest }));
    expect(pending[0]).toStrictEqual({ tool: 'a', since: '1970-01-01T00:00:00.000Z', attempts: 2, lastError: 'SQLITE_FULL: database or disk is full' });
    expect(pending[1]).toStrictEqual({
      tool: 'b',
      since: '1970-01-01T00:00:00.000Z',
      attempts: 1,
      lastError: 'SQLITE_FULL: database or disk is full',
      meta: { at: '2026-03-01T09:00:00.000Z', durationMs: 3 },
    });
  });
});

describe('AuditQueue retries in the background', () => {
  it('retries a failed row without a flush or another write, first after auditRetryFirstDelayMs (100 ms)', async () => {
    expect(auditRetryFirstDelayMs).toBe(100);
    const start = Date.now();
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('a'));
    await advanceTo(start, 99);
    expect(queue.pending.map((p) => p.attempts)).toEqual([1]);
    await advanceTo(start, 100);
    expect(queue.pending.map((p) => p.attempts)).toEqual([2]);
    sink.down = false;
    await advanceTo(start, 300);
    expect(sink.rows).toEqual(['a']);
    expect(queue.pending).toEqual([]);
  });

  it('backs off: the delay doubles after every round that writes nothing, up to auditRetryMaxDelayMs (30 s)', async () => {
    expect(auditRetryMaxDelayMs).toBe(30_000);
    const start = Date.now();
    const sink = scriptedSink();
    sink.refuse.add('poison');
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('poison'));
    // Delays 100, 200, 400, … 25 600, then 30 000 (capped) twice: rounds at these times after the first attempt.
    const rounds = [100, 300, 700, 1_500, 3_100, 6_300, 12_700, 25_500, 51_100, 81_100, 111_100];
    for (const [i, at] of rounds.entries()) {
      await advanceTo(start, at - 1);
      expect(sink.attempts.get('poison'), `before round ${i + 1}`).toBe(i + 1);
      await advanceTo(start, at);
      expect(sink.attempts.get('poison'), `at round ${i + 1}`).toBe(i + 2);
    }
    expect(queue.pending.map((p) => p.row.tool)).toEqual(['poison']);
  });

  it('a round that writes something starts the delay again from the first delay', async () => {
    const start = Date.now();
    const sink = scriptedSink();
    sink.refuse.add('poison').add('late');
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('poison'));
    await queue.write(row('late')); // takes along poison's first retry
    expect(sink.attempts.get('poison')).toBe(2);
    await advanceTo(start, 300); // rounds at 100 and 300 write nothing: the next delay is 400
    expect(sink.attempts.get('poison')).toBe(4);
    sink.refuse.delete('late');
    await advanceTo(start, 700); // this round writes `late`: the delay goes back to 100
    expect(sink.rows).toEqual(['late']);
    expect(sink.attempts.get('poison')).toBe(5);
    await advanceTo(start, 799);
    expect(sink.attempts.get('poison')).toBe(5);
    await advanceTo(start, 800); // without the reset the next round would be at 1 500
    expect(sink.attempts.get('poison')).toBe(6);
  });

  it('a round keeps at most auditRetryConcurrency (16) retries in flight, and retries every waiting row', async () => {
    expect(auditRetryConcurrency).toBe(16);
    const start = Date.now();
    const sink = scriptedSink(50);
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    const tools = Array.from({ length: 40 }, (_, i) => `r${i}`);
    const writes = Promise.all(tools.map((tool) => queue.write(row(tool))));
    await vi.advanceTimersByTimeAsync(50);
    await writes;
    expect(queue.size).toBe(40);
    sink.down = false;
    sink.maxInFlight = 0;
    await advanceTo(start, 50 + 100);
    expect(sink.inFlight).toBe(16);
    await advanceTo(start, 50 + 100 + 3 * 50); // 40 rows, 16 at a time: three waves of 50 ms
    expect(sink.maxInFlight).toBe(16);
    expect(sink.rows).toHaveLength(40);
    expect(queue.size).toBe(0);
  });

  it('a new write takes along the first retry of at most 16 rows that failed once, oldest first, started before it', async () => {
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    const tools = Array.from({ length: 20 }, (_, i) => `r${i}`);
    await Promise.all(tools.map((tool) => queue.write(row(tool))));
    expect(queue.pending.every((p) => p.attempts === 1)).toBe(true);
    sink.down = false;
    await expect(queue.write(row('new'))).resolves.toBe(true);
    expect(sink.rows).toEqual([...tools.slice(0, 16), 'new']);
    expect(queue.pending.map((p) => p.row.tool)).toEqual(tools.slice(16));
  });

  it('rows that already failed twice wait for the round instead of riding along', async () => {
    const start = Date.now();
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('old'));
    await advanceTo(start, 100); // the first round: `old` has failed twice
    sink.down = false;
    await queue.write(row('new'));
    expect(sink.rows).toEqual(['new']);
    await advanceTo(start, 300);
    expect(sink.rows).toEqual(['new', 'old']);
  });
  it('an idle queue keeps its first delay: after a recovery, after a flush with nothing waiting, the next failure is retried 100 ms later', async () => {
    const start = Date.now();
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('a'));
    sink.down = false;
    await advanceTo(start, 100); // the round writes `a`
    expect(sink.rows).toEqual(['a']);
    await expect(queue.flush()).resolves.toBe(0);
    await expect(queue.flush()).resolves.toBe(0);
    await advanceTo(start, 10_000); // idle: no empty rounds run meanwhile
    sink.down = true;
    await queue.write(row('b'));
    await advanceTo(start, 10_099);
    expect(sink.attempts.get('b')).toBe(1);
    await advanceTo(start, 10_100);
    expect(sink.attempts.get('b')).toBe(2);
  });
});

describe('AuditQueue health', () => {
  it('is failing from a failed write until a write succeeds, and tells each change once', async () => {
    const sink = scriptedSink();
    const changes: AuditQueueStateChange[] = [];
    const queue = new AuditQueue(sink, { clock, onState: (change) => changes.push(change) });
    sink.down = true;
    for (let i = 0; i < 5; i++) await expect(queue.write(row(`r${i}`))).resolves.toBe(false);
    expect(queue.state).toBe('failing');
    expect(changes).toEqual([{ state: 'failing', pending: 1, error: 'SQLITE_FULL: database or disk is full' }]);
    sink.down = false;
    await expect(queue.write(row('back'))).resolves.toBe(true);
    expect(queue.state).toBe('ok');
    expect(changes.map((c) => c.state)).toEqual(['failing', 'ok']);
  });

  it('probe retries the oldest waiting rows at once (at most 16) and answers whether the sink is back', async () => {
    const sink = scriptedSink();
    const queue = new AuditQueue(sink, { clock });
    await expect(queue.probe()).resolves.toBe(true);
    sink.down = true;
    const tools = Array.from({ length: 20 }, (_, i) => `r${i}`);
    await Promise.all(tools.map((tool) => queue.write(row(tool))));
    sink.down = false;
    // Two callers at once share one probe: 16 retries, not 32.
    const [first, second] = await Promise.all([queue.probe(), queue.probe()]);
    expect([first, second]).toEqual([true, true]);
    expect(sink.rows).toEqual(tools.slice(0, 16));
    expect(queue.pending.map((p) => p.row.tool)).toEqual(tools.slice(16));
  });

  it('a probe while the sink is still down answers false and leaves the rows pending', async () => {
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('a'));
    await expect(queue.probe()).resolves.toBe(false);
    expect(queue.pending.map((p) => [p.row.tool, p.attempts])).toEqual([['a', 2]]);
    expect(queue.state).toBe('failing');
  });

  it('flush retries every pending row now and answers how many are left', async () => {
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    await queue.write(row('a'));
    await queue.write(row('b'));
    await expect(queue.flush()).resolves.toBe(2);
    sink.down = false;
    await expect(queue.flush()).resolves.toBe(0);
    expect(sink.rows).toEqual(['a', 'b']);
  });

  it('flush waits for first attempts in flight and for a round in progress', async () => {
    const start = Date.now();
    const sink = scriptedSink(50);
    const queue = new AuditQueue(sink, { clock });
    void queue.write(row('slow'));
    let left: number | undefined;
    void queue.flush().then((n) => (left = n));
    await advanceTo(start, 49);
    expect(left).toBeUndefined();
    await advanceTo(start, 50);
    expect(left).toBe(0);
    sink.down = true;
    void queue.write(row('a'));
    await advanceTo(start, 100); // `a` failed at 100
    sink.down = false;
    await advanceTo(start, 201); // the round started at 200 and is writing `a` until 250
    left = undefined;
    void queue.flush().then((n) => (left = n));
    await advanceTo(start, 249);
    expect(left).toBeUndefined();
    await advanceTo(start, 250);
    expect(left).toBe(0);
    expect(sink.rows).toEqual(['slow', 'a']);
  });

  it('close waits for a probe in flight, so rows the probe writes are not answered as left over', async () => {
    const sink = scriptedSink(50);
    sink.down = true;
    const queue = new AuditQueue(sink, { clock });
    const first = queue.write(row('a'));
    await vi.advanceTimersByTimeAsync(50);
    await first;
    sink.down = false;
    const probing = queue.probe();
    const closing = queue.close();
    await vi.advanceTimersByTimeAsync(50);
    await expect(probing).resolves.toBe(true);
    await expect(closing).resolves.toEqual([]);
  });

  it('writeOnce after close is refused and reported as closed', async () => {
    const errors: string[] = [];
    const sink = scriptedSink();
    const queue = new AuditQueue(sink, { clock, onError: (e) => errors.push(String(e)) });
    await queue.close();
    sink.down = true;
    await expect(queue.writeOnce(row('b'))).resolves.toBe(false);
    expect(errors).toEqual(['Error: audit queue is closed: the row of a call refused for that was not written either: SQLITE_FULL: database or disk is full']);
  });

  it('close retries once more, stops the background retries and answers what is left', async () => {
    const sink = scriptedSink();
    const queue = new AuditQueue(sink, { clock });
    sink.down = true;
    await queue.write(row('a'));
    const left = await queue.close();
    expect(left.map((p) => [p.row.tool, p.attempts])).toEqual([['a', 2]]);
    await vi.advanceTimersByTimeAsync(10 * auditRetryMaxDelayMs);
    expect(sink.attempts.get('a')).toBe(2);
    expect(queue.closed).toBe(true);
    await expect(queue.writeOnce(row('b'))).resolves.toBe(false);
  });
});

describe('AuditQueue timers', () => {
  it('schedules its retry rounds on the injected timers, not on the global ones', async () => {
    const scheduled: number[] = [];
    const pendingRuns: (() => void)[] = [];
    const timers = {
      setTimeout: (run: () => void, ms: number) => {
        scheduled.push(ms);
        pendingRuns.push(run);
        return pendingRuns.length;
      },
      clearTimeout: () => undefined,
      now: () => 0,
    };
    const sink = scriptedSink();
    sink.down = true;
    const queue = new AuditQueue(sink, { clock, timers });
    await queue.write(row('a'));
    expect(scheduled).toEqual([100]);
    await vi.advanceTimersByTimeAsync(10 * auditRetryMaxDelayMs); // the global (fake) clock runs no round
    expect(sink.attempts.get('a')).toBe(1);
    pendingRuns.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.attempts.get('a')).toBe(2);
    expect(scheduled).toEqual([100, 200]);
  });
});
