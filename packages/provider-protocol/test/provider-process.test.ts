import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderProcess } from '../src/index.js';
import { ManualTimers } from './manual-timers.js';
import { nodeProvider, until } from './provider-fixture.js';

const running: ProviderProcess[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  // On the fake clock close()'s grace periods never run out: a process still running is killed first.
  for (const proc of running) if (proc.pid !== undefined) process.kill(proc.pid, 'SIGKILL');
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** A ProviderProcess of the reference Node provider on the fake clock `clock` (restarts 100 ms doubling to 1 s, calls 1 s). */
function provider(clock: ManualTimers, ...flags: string[]) {
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
  });
  running.push(proc);
  return { proc, log };
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
});
