import { ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { tempDir } from '@xcap/test-support';
import {
  AnswerBudget,
  ProviderCallError,
  ProviderProcess,
  ProviderSetupError,
  maxLoggedNotificationMethods,
  type ProviderProcessOptions,
} from '../src/index.js';
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
    // Lines the pipe took at once leave no stall timer behind.
    expect(clock.pending).toEqual([]);
    await proc.close();
    expect(proc.state).toBe('stopped');
    expect(await failureOf(proc.call('share', 'send', { text: 'hi' }))).toMatch(/is stopped/);
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
    const outcome = failureOf(late);
    clock.advance(150);
    // The restart timer (200 ms) has not run: the call still waits.
    expect(proc.state).toBe('restarting');
    clock.advance(850);
    expect(await outcome).toBe(`provider ${proc.label} was not running for 1000 ms (restarting)`);
  });

  it('a call unanswered within timeoutMs on the clock is rejected after providers/cancel; the process keeps serving', async () => {
    const clock = new ManualTimers();
    const { proc } = provider(clock);
    await proc.start();
    const hanging = proc.call('share', 'send', { text: 'hang' });
    const outcome = failureOf(hanging);
    expect(await until(() => proc.inFlight === 1, 1_000)).toBe(true);
    clock.advance(999);
    expect(proc.inFlight).toBe(1);
    clock.advance(1);
    expect(await outcome).toMatch(/^provider .* did not answer call \d+ within 1000 ms \(sent providers\/cancel\)$/);
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
    const outcome = failureOf(call);
    clock.advance(4_999);
    await nextTurn();
    expect(alive(first)).toBe(true);
    clock.advance(1);
    expect(log.at(-1)).toMatch(/^\[provider node\] read none of the \d+ bytes waiting on its stdin for 5000 ms: killed as hung \(SIGKILL\)$/);
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    expect(await outcome).toBe(`provider ${proc.label} ended (signal SIGKILL) with this call in flight`);
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

  it('33/11: an answer stays on the budget until its call is answered; eight at once past a 4 KiB budget: the ones over it unavailable at once', async () => {
    const clock = new ManualTimers();
    const budget = new AnswerBudget(4 * 1024);
    const { proc, log } = providerWith(clock, { answerBudget: budget });
    await proc.start();
    // Each answer line is about 1.6 KB: two fit in 4 KiB, a third does not, until one of the two is answered.
    const calls = Array.from({ length: 8 }, () => new AbortController());
    const ends = await Promise.all(calls.map((answered) => proc.call('share', 'send', { text: 'pad:1500' }, { answered: answered.signal })));
    const kept = ends.flatMap((end, index) => (padOf(end) === 1500 ? [index] : []));
    expect(kept).toHaveLength(2);
    expect(ends.filter((end) => JSON.stringify(end) === '{"isError":"unavailable"}')).toHaveLength(6);
    expect(log.filter((line) => line.includes('answer budget was discarded'))).toHaveLength(6);
    const both = budget.usedBytes;
    expect(both).toBeGreaterThan(2 * 1500);
    // Answered: its bytes are let go, and the next answer fits again.
    calls[kept[0] as number]?.abort();
    const one = budget.usedBytes;
    expect([one, both - one]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(one).toBeGreaterThan(1500);
    expect(both - one).toBeGreaterThan(1500);
    const next = new AbortController();
    expect(padOf(await proc.call('share', 'send', { text: 'pad:1500' }, { answered: next.signal }))).toBe(1500);
    expect(budget.usedBytes).toBeGreaterThan(one + 1500);
    for (const answered of [...calls, next]) answered.abort();
    expect(budget.usedBytes).toBe(0);
    // Without an answered signal (or with one already aborted) nothing stays held.
    expect(padOf(await proc.call('share', 'send', { text: 'pad:1500' }))).toBe(1500);
    expect(padOf(await proc.call('share', 'send', { text: 'pad:1500' }, { answered: AbortSignal.abort() }))).toBe(1500);
    expect(budget.usedBytes).toBe(0);
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

/** A ProviderProcess of `argv` on the fake clock (describe 10 s, calls 1 s, grace 300 ms). */
function processOf(clock: ManualTimers, argv: string[], options: Partial<ProviderProcessOptions> = {}) {
  return providerWith(clock, { argv, ...options });
}

/** Waits for `promise`, moving the fake clock by 0 ms meanwhile (a timer of 0 ms runs only when the clock moves). */
async function settled<T>(clock: ManualTimers, promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => (done = true));
  await until(() => {
    clock.advance(0);
    return done;
  }, 5_000);
  return watched;
}

/** The problems of the ProviderSetupError `start()` rejects with. */
async function startProblems(clock: ManualTimers, proc: ProviderProcess): Promise<readonly string[]> {
  const error = await settled(
    clock,
    proc.start().then(
      () => undefined,
      (e: unknown) => e,
    ),
  );
  expect(error).toBeInstanceOf(ProviderSetupError);
  return (error as ProviderSetupError).problems;
}

/** A provider (inline Node) answering every request with a JSON-RPC error. */
const errorProvider = [
  process.execPath,
  '-e',
  `process.stdin.on('data', (d) => { for (const line of String(d).split('\\n').filter(Boolean)) { const m = JSON.parse(line);
     process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no describe here' } }) + '\\n'); } });`,
];

describe('ProviderProcess: a start that fails is a ProviderSetupError, and the process is stopped', () => {
  it('an empty command', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, []);
    expect(proc.name).toBe('provider');
    expect(await startProblems(clock, proc)).toEqual(['empty command']);
    expect(proc.state).toBe('stopped');
  });

  it('a command that cannot be spawned', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, ['/nonexistent/provider', '--flag']);
    expect(proc.label).toBe('/nonexistent/provider --flag');
    expect(await startProblems(clock, proc)).toEqual(['cannot start: spawn /nonexistent/provider ENOENT']);
    expect(proc.state).toBe('stopped');
    expect(proc.pid).toBeUndefined();
    expect(proc.description).toBeUndefined();
  });

  it('a process that exits before describing', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, [process.execPath, '-e', 'process.exit(5)']);
    expect(await startProblems(clock, proc)).toEqual(['exited before answering providers/describe (exit code 5)']);
    expect(proc.state).toBe('stopped');
    expect(clock.pending).toEqual([]);
  });

  it('a process that never describes, within describeTimeoutMs on the clock; it is killed at once (no grace)', async () => {
    const clock = new ManualTimers();
    const { proc, log } = processOf(clock, [process.execPath, '-e', 'setInterval(() => {}, 1000)']);
    const problems = startProblems(clock, proc);
    expect(await until(() => proc.pid !== undefined && clock.pending.includes(10_000), 5_000)).toBe(true);
    const pid = proc.pid as number;
    clock.advance(9_999);
    expect(alive(pid)).toBe(true);
    clock.advance(1);
    expect(await problems).toEqual(['did not answer providers/describe within 10000 ms']);
    expect(alive(pid)).toBe(false);
    expect(log.filter((line) => line.includes('SIGTERM'))).toEqual([]);
  });

  it('a JSON-RPC error answer to providers/describe', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, errorProvider);
    expect(await startProblems(clock, proc)).toEqual([
      `answered providers/describe with an error: provider ${proc.label} answered error -32601: no describe here`,
    ]);
  });

  it('a description of the wrong shape, whose process is killed', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, [process.execPath, nodeProvider, '--describe', '{"protocolVersion":1,"capabilities":[]}', '--ignore-eof']);
    const problems = startProblems(clock, proc);
    expect(await until(() => proc.pid !== undefined, 5_000)).toBe(true);
    const pid = proc.pid as number;
    expect(await problems).toEqual([
      'provider: not an object {name: string, version: string}',
      'capabilities: not an object {"<capability>": ["<native tool>", …]}',
    ]);
    expect(alive(pid)).toBe(false);
  });
});

describe('ProviderProcess: what the provider writes', () => {
  it('a line that is not JSON, one that is no JSON-RPC message and blank lines are ignored (the first two logged); the call answers', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    const ok = { structuredContent: { shared: true } };
    expect(await proc.call('share', 'send', { text: 'garbage' })).toEqual(ok);
    expect(await proc.call('share', 'send', { text: 'not-rpc' })).toEqual(ok);
    expect(await proc.call('share', 'send', { text: 'crlf' })).toEqual(ok);
    expect(await proc.call('share', 'send', { text: 'blank' })).toEqual(ok);
    expect(log).toEqual([
      '[provider node] a stdout line that is not JSON was ignored: this is not JSON',
      '[provider node] a stdout line that is not a JSON-RPC message was ignored: [1,2,3]',
      '[provider node] a stdout line that is not JSON was ignored: not\\u000dJSON either',
    ]);
  });

  it('cuts a quoted line to 200 characters', async () => {
    const clock = new ManualTimers();
    const { proc, log } = processOf(clock, [
      process.execPath,
      '-e',
      `process.stdin.once('data', (d) => { const m = JSON.parse(String(d).split('\\n')[0]); process.stdout.write('z'.repeat(300) + '\\n');
         const result = { protocolVersion: 1, provider: { name: 'p', version: '1' }, capabilities: {} };
         process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n'); });
       setInterval(() => {}, 1000);`,
    ]);
    await proc.start();
    expect(log).toEqual([`[provider node] a stdout line that is not JSON was ignored: ${'z'.repeat(200)}…`]);
  });

  it('a notification from the provider is logged once per method and ignored', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    await proc.call('share', 'send', { text: 'notify' });
    await proc.call('share', 'send', { text: 'notify' });
    expect(log).toEqual(['[provider node] messages "providers/progress" from the provider are ignored (logged once)']);
  });

  it(`remembers ${maxLoggedNotificationMethods} notification methods: the next one gets one line saying so, later ones none`, async () => {
    const clock = new ManualTimers();
    const { proc, log } = processOf(clock, [
      process.execPath,
      '-e',
      `process.stdin.once('data', (d) => { const m = JSON.parse(String(d).split('\\n')[0]);
         for (let i = 0; i < ${maxLoggedNotificationMethods + 3}; i++) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'm' + i }) + '\\n');
         process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'm0' }) + '\\n');
         const result = { protocolVersion: 1, provider: { name: 'p', version: '1' }, capabilities: {} };
         process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n'); });
       setInterval(() => {}, 1000);`,
    ]);
    await proc.start();
    const named = Array.from(
      { length: maxLoggedNotificationMethods },
      (_, i) => `[provider node] messages "m${i}" from the provider are ignored (logged once)`,
    );
    expect(log).toEqual([
      ...named,
      `[provider node] messages of more than ${maxLoggedNotificationMethods} methods from the provider are ignored; further methods are not logged`,
    ]);
  });

  it('remembers a notification method by its first 200 characters', async () => {
    const clock = new ManualTimers();
    const { proc, log } = processOf(clock, [
      process.execPath,
      '-e',
      `process.stdin.once('data', (d) => { const m = JSON.parse(String(d).split('\\n')[0]);
         for (const tail of ['a', 'b']) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'x'.repeat(200) + tail }) + '\\n');
         const result = { protocolVersion: 1, provider: { name: 'p', version: '1' }, capabilities: {} };
         process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n'); });
       setInterval(() => {}, 1000);`,
    ]);
    await proc.start();
    expect(log).toEqual([`[provider node] messages ${JSON.stringify('x'.repeat(200)).slice(0, 200)} from the provider are ignored (logged once)`]);
  });

  it('an answer to an unknown id is logged and ignored; the call then times out on the clock, and a late answer is ignored quietly', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    const unknown = proc.call('share', 'send', { text: 'unknown-id' });
    const rejected = failureOf(unknown);
    expect(await until(() => log.length === 1, 5_000)).toBe(true);
    expect(log[0]).toMatch(/^\[provider node\] an answer to unknown id 1000\d\d was ignored$/);
    clock.advance(1_000);
    expect(await rejected).toMatch(/did not answer call \d+ within 1000 ms \(sent providers\/cancel\)$/);
    const late = proc.call('share', 'send', { text: 'slow:100' });
    const lateRejected = failureOf(late);
    clock.advance(1_000);
    expect(await lateRejected).toMatch(/did not answer call \d+ within 1000 ms/);
    expect(await proc.call('share', 'send', { text: 'after' })).toEqual({ structuredContent: { shared: true } });
    expect(log).toHaveLength(1);
  });

  it('a JSON-RPC error answer rejects with its code and message; an answer with neither result nor error rejects too', async () => {
    const clock = new ManualTimers();
    const { proc } = provider(clock);
    await proc.start();
    const error = (await proc.call('share', 'send', { text: 'rpc-error' }).catch((e: unknown) => e)) as ProviderCallError;
    expect(error).toBeInstanceOf(ProviderCallError);
    expect(error.code).toBe(-32000);
    expect(error.message).toBe(`provider ${proc.label} answered error -32000: the share sheet failed`);
    expect(await failureOf(proc.call('share', 'send', { text: 'neither' }))).toMatch(/^provider .* answered id \d+ with neither result nor error$/);
  });

  it('an answer over maxMessageBytes fails its call, a notification over it only is logged; both are discarded', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    const huge = (await proc.call('share', 'send', { text: 'huge' }).catch((e: unknown) => e)) as ProviderCallError;
    expect(huge.message).toMatch(/^provider .* answered call (\d+) with 2097\d{3} bytes, over the 1048576-byte message limit$/);
    expect(huge.code).toBeUndefined();
    expect(log).toEqual([
      expect.stringMatching(
        /^\[provider node\] discarded a stdout line of 2097\d{3} bytes: over the 1048576-byte message limit \(the answer to call \d+, which fails\)$/,
      ),
    ]);
    expect(await proc.call('share', 'send', { text: 'huge-notify' })).toEqual({ structuredContent: { shared: true } });
    expect(log[1]).toMatch(/^\[provider node\] discarded a stdout line of 2097\d{3} bytes: over the 1048576-byte message limit$/);
  });

  it("logs the provider's stderr lines with its prefix, control characters escaped, a line over 64 KiB by its length only", async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock, '--hello');
    await proc.start();
    await proc.call('share', 'send', { text: 'loud' });
    expect(await until(() => log.length === 3, 5_000)).toBe(true);
    expect(log).toEqual([
      `[provider node] hello from the node provider, pid ${proc.pid}`,
      `[provider node] (a stderr line of ${70 * 1024} bytes, not shown)`,
      '[provider node] bell\\u0007\\u000d here',
    ]);
  });
});

describe('ProviderProcess: exits, restarts and close()', () => {
  it('an exit mid-call rejects the calls in flight and logs how it ended and how many failed', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    const slow = proc.call('share', 'send', { text: 'hang' });
    const crash = proc.call('share', 'send', { text: 'crash' });
    expect(await failureOf(slow)).toBe(`provider ${proc.label} ended (exit code 3) with this call in flight`);
    expect(await failureOf(crash)).toBe(`provider ${proc.label} ended (exit code 3) with this call in flight`);
    expect(log).toEqual(['[provider node] ended (exit code 3); 2 call(s) in flight failed; restarting in 100 ms']);
    expect(proc.state).toBe('restarting');
    expect(proc.inFlight).toBe(0);
  });

  it('a restart that describes other capabilities is refused (the new process killed), and retried later, with backoff', async () => {
    const clock = new ManualTimers();
    const startFile = join(tempDir(), 'starts');
    const { proc, log } = processOf(clock, [
      process.execPath,
      nodeProvider,
      '--capabilities',
      'share,photos',
      '--start-file',
      startFile,
      '--mismatch-after-restart',
    ]);
    await proc.start();
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    clock.advance(100);
    expect(await until(() => log.some((line) => line.includes('restarting in 200 ms')), 5_000)).toBe(true);
    expect(log).toContain(
      '[provider node] restart refused: described {"photos":["pick","list","get"]} after the restart, ' +
        'not {"share":["send"],"photos":["pick","list","get"]} as at start',
    );
    expect(proc.restarts).toBe(0);
    expect(proc.state).toBe('restarting');
    expect(proc.description?.capabilities).toEqual({ share: ['send'], photos: ['pick', 'list', 'get'] });
  });

  it('close() while it restarts rejects the waiting calls and cancels the restart', async () => {
    const clock = new ManualTimers();
    const { proc } = provider(clock);
    await proc.start();
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    const waiting = proc.call('share', 'send', { text: 'waits' });
    expect(clock.pending).toEqual([100, 1_000]);
    await proc.close();
    expect(await failureOf(waiting)).toBe(`provider ${proc.label} was stopped`);
    expect(clock.pending).toEqual([]);
    expect(proc.state).toBe('stopped');
    expect(proc.pid).toBeUndefined();
  });

  it('close() during a restart leaves the new process stopped', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    clock.advance(100);
    expect(await until(() => proc.pid !== undefined, 5_000)).toBe(true);
    const pid = proc.pid as number;
    await settled(clock, proc.close());
    expect(alive(pid)).toBe(false);
    expect(proc.state).toBe('stopped');
    expect(proc.restarts).toBe(0);
    expect(log.some((line) => line.startsWith('[provider node] restarted'))).toBe(false);
  });

  it('close() of a provider ignoring EOF and SIGTERM: SIGTERM after graceMs, SIGKILL graceMs later, on the clock; calls in flight rejected', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock, '--ignore-eof', '--ignore-sigterm');
    await proc.start();
    const pid = proc.pid as number;
    const hanging = proc.call('share', 'send', { text: 'hang' });
    const closing = proc.close();
    expect(proc.close()).toBe(closing);
    expect(await failureOf(hanging)).toBe(`provider ${proc.label} was stopped`);
    clock.advance(299);
    await nextTurn();
    expect(log).toEqual([]);
    clock.advance(1);
    await nextTurn();
    expect(log).toEqual(['[provider node] still running 300 ms after its stdin closed: SIGTERM']);
    clock.advance(300);
    await nextTurn();
    expect(log.at(-1)).toBe('[provider node] still running 300 ms after SIGTERM: SIGKILL');
    await settled(clock, closing);
    expect(alive(pid)).toBe(false);
  });

  it('close() of a provider that exits when SIGTERM comes', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock, '--ignore-eof');
    await proc.start();
    const pid = proc.pid as number;
    const closing = proc.close();
    clock.advance(300);
    await settled(clock, closing);
    expect(alive(pid)).toBe(false);
    expect(log).toEqual(['[provider node] still running 300 ms after its stdin closed: SIGTERM']);
  });
});

describe('ProviderProcess: more of its edges', () => {
  it('sends providers/describe with its protocol version, and providers/cancel {id} for a call that timed out', async () => {
    const clock = new ManualTimers();
    const record = join(tempDir(), 'record.jsonl');
    const { proc } = provider(clock, '--record', record);
    await proc.start();
    const call = failureOf(proc.call('share', 'send', { text: 'hang' }));
    expect(await until(() => proc.inFlight === 1, 5_000)).toBe(true);
    clock.advance(1_000);
    await call;
    const lines = () =>
      readFileSync(record, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { dir: string; line: string });
    expect(await until(() => lines().length === 4, 5_000)).toBe(true);
    const received = lines()
      .filter((l) => l.dir === 'in')
      .map((l) => JSON.parse(l.line) as unknown);
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'providers/describe', params: { protocolVersion: 1 } },
      { jsonrpc: '2.0', id: 2, method: 'providers/call', params: { capability: 'share', tool: 'send', input: { text: 'hang' } } },
      { jsonrpc: '2.0', method: 'providers/cancel', params: { id: 2 } },
    ]);
  });

  it('runs the command in cwd with env', async () => {
    const clock = new ManualTimers();
    const dir = tempDir();
    const describeHere = `process.stdin.once('data', (d) => { const m = JSON.parse(String(d).split('\\n')[0]);
      const result = { protocolVersion: 1, provider: { name: process.cwd(), version: String(process.env.XCAP_TEST_VERSION) }, capabilities: {} };
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n'); }); setInterval(() => {}, 1000);`;
    const { proc } = processOf(clock, [process.execPath, '-e', describeHere], { cwd: dir, env: { ...process.env, XCAP_TEST_VERSION: '7.1' } });
    expect((await proc.start()).provider).toEqual({ name: realpathSync(dir), version: '7.1' });
  });

  it('a command that spawn() refuses at once (a null byte in its name)', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, ['bad\0name']);
    const problems = await startProblems(clock, proc);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^cannot start: .*null bytes/);
  });

  it('close() while providers/describe is unanswered: the start fails, the describe "was stopped"', async () => {
    const clock = new ManualTimers();
    const { proc } = processOf(clock, [process.execPath, '-e', 'setInterval(() => {}, 1000)']);
    const problems = startProblems(clock, proc);
    expect(await until(() => proc.pid !== undefined, 5_000)).toBe(true);
    void proc.close();
    expect(await problems).toEqual([`provider ${proc.label} was stopped`]);
  });

  it('a process that never describes and ignores SIGTERM is killed (SIGKILL) without a grace period, nothing logged', async () => {
    const clock = new ManualTimers();
    const { proc, log } = processOf(clock, [process.execPath, '-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"]);
    const problems = startProblems(clock, proc);
    expect(await until(() => clock.pending.includes(10_000), 5_000)).toBe(true);
    const pid = proc.pid as number;
    clock.advance(10_000);
    expect(await problems).toEqual(['did not answer providers/describe within 10000 ms']);
    expect(alive(pid)).toBe(false);
    expect(log).toEqual([]);
  });

  it('a call waiting with timeoutMs Infinity sets no timer; once restarted a call is sent with what is left of its timeout', async () => {
    const clock = new ManualTimers();
    const forever = providerWith(clock, { timeoutMs: Infinity });
    await forever.proc.start();
    process.kill(forever.proc.pid as number, 'SIGKILL');
    expect(await until(() => forever.proc.state === 'restarting', 5_000)).toBe(true);
    void forever.proc.call('share', 'send', { text: 'waits' }).catch(() => undefined);
    expect(clock.pending).toEqual([100]);
    await forever.proc.close();

    const { proc } = provider(clock);
    await proc.start();
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 5_000)).toBe(true);
    clock.advance(40);
    const hanging = failureOf(proc.call('share', 'send', { text: 'hang' }));
    clock.advance(60);
    expect(await until(() => proc.state === 'ready' && proc.inFlight === 1, 5_000)).toBe(true);
    // Called 60 ms before the restart: 940 ms of its 1000 are left.
    expect(clock.pending).toEqual([940]);
    clock.advance(940);
    expect(await hanging).toMatch(/did not answer call \d+ within 1000 ms/);
  });

  it('an answer line and a stderr line without their newline, at the end of the output, are read', async () => {
    const clock = new ManualTimers();
    const { proc, log } = provider(clock);
    await proc.start();
    expect(await proc.call('share', 'send', { text: 'last-words' })).toEqual({ structuredContent: { shared: true } });
    expect(await until(() => log.includes('[provider node] bye'), 5_000)).toBe(true);
  });

  it('gives back the answer bytes of a process that died in the middle of an answer line', async () => {
    const clock = new ManualTimers();
    const budget = new AnswerBudget(4 * mib);
    const { proc } = providerWith(clock, { answerBudget: budget, maxMessageBytes: 8 * mib });
    await proc.start();
    const split = failureOf(proc.call('share', 'send', { text: 'split:1000000' }));
    expect(await until(() => budget.usedBytes > 990_000, 5_000)).toBe(true);
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await split).toMatch(/ended \(signal SIGKILL\) with this call in flight/);
    expect(budget.usedBytes).toBe(0);
  });

  it('a notification line past the answer budget is dropped with a log line naming no call', async () => {
    const clock = new ManualTimers();
    const { proc, log } = providerWith(clock, { answerBudget: new AnswerBudget(mib), maxMessageBytes: 8 * mib });
    await proc.start();
    expect(await proc.call('share', 'send', { text: 'huge-notify' })).toEqual({ structuredContent: { shared: true } });
    expect(log).toEqual(['[provider node] an answer line past the 1048576-byte answer budget was discarded']);
  });

  it('close() lets go of a process not gone 5 s after SIGKILL: its pipes are destroyed, close() resolves', async () => {
    const clock = new ManualTimers();
    const pipesBefore = openPipes();
    const { proc } = provider(clock, '--ignore-eof', '--ignore-sigterm');
    await proc.start();
    const pid = proc.pid as number;
    onTestFinished(() => kill(pid));
    // Signals go nowhere: the process stays as if it could not be killed.
    vi.spyOn(ChildProcess.prototype, 'kill').mockReturnValue(true);
    const closing = proc.close();
    clock.advance(300);
    await nextTurn();
    clock.advance(300);
    await nextTurn();
    clock.advance(4_999);
    await nextTurn();
    expect(openPipes()).toBeGreaterThan(pipesBefore);
    clock.advance(1);
    await closing;
    expect(alive(pid)).toBe(true);
    expect(await until(() => openPipes() === pipesBefore, 2_000)).toBe(true);
  });
});

/** The message of the ProviderCallError `promise` rejects with (the test fails on anything else). */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderCallError);
  return (error as ProviderCallError).message;
}

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
