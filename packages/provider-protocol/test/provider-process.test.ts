import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { tempDir } from '@xcap/test-support';
import { AnswerBudget, ProviderProcess, type ProviderProcessOptions } from '../src/index.js';
import { ManualTimers } from './manual-timers.js';
import { alive, nodeProvider, until } from './provider-fixture.js';

const running: ProviderProcess[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  // On the fake clock close()'s grace periods never run out: a process still running is killed first.
  for (const proc of running) if (proc.pid !== undefined) process.kill(proc.pid, 'SIGKILL');
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** A ProviderProcess of the reference Node provider on the fake clock `clock` (restarts 100 ms doubling to 1 s, calls 1 s). */
function provider(clock: ManualTimers, ...flags: string[]) {
  return providerWith(clock, {}, ...flags);
}

/** `provider`, with some options replaced. */
function providerWith(clock: ManualTimers, options: Partial<ProviderProcessOptions>, ...flags: string[]) {
  const log: string[] = [];
  const proc = new ProviderProcess({
    argv: [process.execPath, nodeProvider, '--capabilities', 'share', ...flags],
    log: (line) => log.push(line),
    timeoutMs: 1_000,
    describeTimeoutMs: 10_000,
    maxMessageBytes: 1024 * 1024,
    graceMs: 300,
    restartFirstMs: 100,
    restartMaxMs: 1_000,
    timers: clock,
    ...options,
  });
  running.push(proc);
  return { proc, log };
}

const mib = 1024 * 1024;

/** The heap and the memory outside it (buffers, strings handed to libuv) in use now, in bytes. */
function memoryInUse(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** Settles after everything queued so far (microtasks and one turn of the event loop). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Kills the process; expects it restarting in `delay` ms (the only timer pending), moves the clock that far and waits until it is ready again. */
async function crash(clock: ManualTimers, proc: ProviderProcess, log: string[], delay: number): Promise<void> {
  process.kill(proc.pid as number, 'SIGKILL');
  expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
  expect(log.at(-1)).toBe(`[provider node] ended (signal SIGKILL); restarting in ${delay} ms`);
  expect(clock.pending).toEqual([delay]);
  clock.advance(delay - 1);
  expect(proc.state).toBe('restarting');
  clock.advance(1);
  expect(await until(() => proc.state === 'ready', 5_000)).toBe(true);
}

describe('ProviderProcess', () => {
  it('is starting, then ready; stopped after close(), when calls are refused', async () => {
    const clock = new ManualTimers();
    const { proc } = provider(clock);
    expect(proc.state).toBe('starting');
    await proc.start();
    expect(proc.state).toBe('ready');
    expect(await proc.call('share', 'send', { text: 'hi' })).toEqual({ structuredContent: { shared: true } });
    await proc.close();
    expect(proc.state).toBe('stopped');
    await expect(proc.call('share', 'send', { text: 'hi' })).rejects.toThrow(/is stopped/);
  });

  it('the restart delay doubles on each crash (100, 200, 400 ms) and resets to 100 ms once a process ran restartMaxMs', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    await crash(clock, proc, log, 100);
    await crash(clock, proc, log, 200);
    await crash(clock, proc, log, 400);
    // This process ran 999 ms: not long enough to count as healthy.
    clock.advance(999);
    await crash(clock, proc, log, 800);
    // This one runs restartMaxMs (1 s): the next crash starts the backoff again.
    clock.advance(1_000);
    await crash(clock, proc, log, 100);
    await crash(clock, proc, log, 200);
    expect(proc.restarts).toBe(6);
  });

  it('a call made while it restarts waits for the new process, within its one timeout on the clock', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    const waits = proc.call('share', 'send', { text: 'after' });
    clock.advance(100);
    expect(await until(() => proc.state === 'ready', 5_000)).toBe(true);
    expect(await waits).toEqual({ structuredContent: { shared: true } });
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    expect(log.at(-1)).toContain('restarting in 200 ms');
    const late = proc.call('share', 'send', { text: 'never sent' });
    const outcome = expect(late).rejects.toThrow('was not running for 1000 ms (restarting)');
    clock.advance(150);
    // The restart timer (200 ms) has not run: the call still waits.
    expect(proc.state).toBe('restarting');
    clock.advance(850);
    await outcome;
  });

  it('a call unanswered within timeoutMs on the clock is rejected after providers/cancel; the process keeps serving', async () => {
    const clock = new ManualTimers();
    const { proc } = provider(clock);
    await proc.start();
    const hanging = proc.call('share', 'send', { text: 'hang' });
    const outcome = expect(hanging).rejects.toThrow(/did not answer call \d+ within 1000 ms \(sent providers\/cancel\)/);
    expect(await until(() => proc.inFlight === 1, 1_000)).toBe(true);
    clock.advance(999);
    expect(proc.inFlight).toBe(1);
    clock.advance(1);
    await outcome;
    expect(proc.inFlight).toBe(0);
    expect(await proc.call('share', 'send', { text: 'fine' })).toEqual({ structuredContent: { shared: true } });
  });

  it('honours drain: once stdin.write() answered false, nothing more is written to the pipe until it drained', async () => {
    const clock = new ManualTimers();
    const { proc } = provider(clock, '--stall-until-sigusr2');
    await proc.start();
    // A child's stdin is a net.Socket, whose write() is Duplex.prototype.write.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the spy below calls it with the stream as `this`
    const original = Duplex.prototype.write;
    const writes: { needDrain: boolean; accepted: boolean }[] = [];
    vi.spyOn(Duplex.prototype, 'write').mockImplementation(function (this: Duplex, ...args: Parameters<Duplex['write']>) {
      const [chunk] = args;
      const ours = typeof chunk === 'string' && chunk.includes('"providers/call"');
      const needDrain = this.writableNeedDrain;
      const accepted = original.apply(this, args);
      if (ours) writes.push({ needDrain, accepted });
      return accepted;
    });
    const text = 'x'.repeat(16 * 1024);
    const calls = Promise.allSettled(Array.from({ length: 64 }, () => proc.call('share', 'send', { text })));
    expect(writes.some((w) => !w.accepted)).toBe(true);
    const beforeDrain = writes.length;
    expect(beforeDrain).toBeLessThan(64);
    process.kill(proc.pid as number, 'SIGUSR2');
    const answers = await calls;
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 64 }, () => 'fulfilled'));
    expect(writes).toHaveLength(64);
    expect(writes.filter((w) => w.needDrain)).toEqual([]);
  });

  it('bounds the bytes queued toward a provider that reads nothing: past maxQueuedBytes a call answers unavailable at once', async () => {
    const clock = new ManualTimers();
    const { proc, log } = providerWith(clock, { maxQueuedBytes: 8 * mib, timeoutMs: 60_000 }, '--stall-until-sigusr2');
    await proc.start();
    const text = 'x'.repeat(4 * mib);
    const before = memoryInUse();
    const answers: unknown[] = [];
    const calls = Array.from({ length: 24 }, () =>
      proc.call('share', 'send', { text }).then(
        (answer) => void answers.push(answer),
        () => undefined,
      ),
    );
    await nextTurn();
    const grown = memoryInUse() - before;
    // The first two calls (8 MiB) are queued; the other 22 are answered unavailable before the next turn.
    expect(answers).toEqual(Array.from({ length: 22 }, () => ({ isError: 'unavailable' })));
    expect(grown).toBeLessThan(40 * mib);
    expect(log.filter((line) => line.includes('past the 8388608-byte bound'))).toHaveLength(1);
    process.kill(proc.pid as number, 'SIGKILL');
    await Promise.all(calls);
  });

  it('a provider that reads none of its stdin for stallMs while lines wait is killed as hung, then restarted', async () => {
    const clock = new ManualTimers();
    const { proc, log } = providerWith(clock, { stallMs: 5_000, timeoutMs: 60_000 }, '--stall-until-sigusr2');
    await proc.start();
    const first = proc.pid as number;
    const call = proc.call('share', 'send', { text: 'x'.repeat(mib) });
    const outcome = expect(call).rejects.toThrow('ended (signal SIGKILL) with this call in flight');
    clock.advance(4_999);
    await nextTurn();
    expect(alive(first)).toBe(true);
    clock.advance(1);
    expect(log.at(-1)).toMatch(/^\[provider node\] read none of the \d+ bytes waiting on its stdin for 5000 ms: killed as hung \(SIGKILL\)$/);
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    await outcome;
    expect(alive(first)).toBe(false);
    clock.advance(100);
    expect(await until(() => proc.state === 'ready', 5_000)).toBe(true);
    expect(proc.pid).not.toBe(first);
  });

  it('a provider that reads again before stallMs is not hung: the stall timer stops once its stdin drained', async () => {
    const clock = new ManualTimers();
    const { proc, log } = providerWith(clock, { stallMs: 5_000, timeoutMs: 60_000 }, '--stall-until-sigusr2');
    await proc.start();
    const call = proc.call('share', 'send', { text: 'x'.repeat(mib) });
    expect(clock.pending).toEqual([5_000, 60_000]);
    clock.advance(3_000);
    process.kill(proc.pid as number, 'SIGUSR2');
    expect(await call).toEqual({ structuredContent: { shared: true } });
    expect(await until(() => clock.pending.length === 0, 2_000)).toBe(true);
    clock.advance(10_000);
    expect(proc.state).toBe('ready');
    expect(log.some((line) => line.includes('hung'))).toBe(false);
  });

  it('answer bytes in flight share one budget across processes: the answer that crosses it fails at once, unavailable', async () => {
    const clock = new ManualTimers();
    const budget = new AnswerBudget(1.5 * mib);
    const a = providerWith(clock, { answerBudget: budget, maxMessageBytes: 8 * mib });
    const b = providerWith(clock, { answerBudget: budget, maxMessageBytes: 8 * mib });
    await Promise.all([a.proc.start(), b.proc.start()]);
    // Each answer line is ~1 MB, all of it but its last 64 bytes sent now (the rest with the next call): either
    // fits in the budget (1.5 MiB) alone, not both together.
    const ends: string[] = [];
    const first = a.proc.call('share', 'send', { text: 'split:1000000' }).then((answer) => (ends.push('a'), answer));
    const second = b.proc.call('share', 'send', { text: 'split:1000000' }).then((answer) => (ends.push('b'), answer));
    expect(await until(() => ends.length === 1, 5_000)).toBe(true);
    const [failed, kept, failedCall, keptCall] = ends[0] === 'a' ? [a, b, first, second] : [b, a, second, first];
    expect(await failedCall).toEqual({ isError: 'unavailable' });
    expect(failed.log.at(-1)).toMatch(
      /^\[provider node\] an answer line past the 1572864-byte answer budget was discarded \(the answer to call \d+, which answers unavailable\)$/,
    );
    // The other answer completes once its provider hears the next call; the failed one's end is dropped.
    const next = [kept.proc.call('share', 'send', { text: 'after' }), failed.proc.call('share', 'send', { text: 'after' })];
    expect(await Promise.all(next)).toEqual([{ structuredContent: { shared: true } }, { structuredContent: { shared: true } }]);
    expect(padOf(await keptCall)).toBe(1_000_000);
    expect(budget.usedBytes).toBe(0);
    // With the budget back, the same answer fits again.
    const again = failed.proc.call('share', 'send', { text: 'split:1000000' });
    const finish = failed.proc.call('share', 'send', { text: 'after' });
    expect(padOf(await again)).toBe(1_000_000);
    expect(await finish).toEqual({ structuredContent: { shared: true } });
  });

  it("destroys a provider's pipes once it exited, though an orphaned grandchild (setsid) still holds them open", async () => {
    const clock = new ManualTimers();
    const orphanPidFile = join(tempDir(), 'orphan.pid');
    const pipesBefore = openPipes();
    const { proc } = provider(clock, '--orphan', orphanPidFile);
    await proc.start();
    const orphan = Number(await readFile(orphanPidFile, 'utf8'));
    onTestFinished(() => kill(orphan));
    const pid = proc.pid as number;
    const closing = proc.close();
    // It exits at the end of its stdin; its stdout and stderr stay open in the grandchild, so no 'close' comes.
    expect(await until(() => !alive(pid) && clock.pending.includes(500), 5_000)).toBe(true);
    expect(openPipes()).toBeGreaterThan(pipesBefore);
    clock.advance(500);
    await closing;
    expect(alive(orphan)).toBe(true);
    expect(await until(() => openPipes() === pipesBefore, 2_000)).toBe(true);
  });
});

/** The length of the `pad` of a `split:` answer (-1 for another answer). */
function padOf(answer: unknown): number {
  const pad = (answer as { structuredContent?: { pad?: unknown } }).structuredContent?.pad;
  return typeof pad === 'string' ? pad.length : -1;
}

/** How many pipes this process holds open (the streams of child processes among them). */
function openPipes(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'PipeWrap').length;
}

/** Kills process `pid` if it still runs. */
function kill(pid: number): void {
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}
