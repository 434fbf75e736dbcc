import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallPath } from '@xcap/call';
import { MemoryBlobStore } from '@xcap/bridge';
import { catalog, type JsonObject } from '@xcap/catalog';
import { MemoryAuditSink } from '@xcap/audit';
import { ProviderCallError, ProviderSetupError, parseCommandLine, spawnProviders, type ProviderProcess } from '../src/index.js';
import { ManualTimers } from './manual-timers.js';
import { Started, alive, bridge, nodeProvider, providerArgv, until } from './provider-fixture.js';
import { errorOf } from '@xcap/test-support';

const started = new Started();
afterEach(() => started.stop());

describe('spawnProviders: describe and serve', () => {
  it('serves what the provider describes; the real bridge gets in-schema answers, bytes as base64', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'photos,share')]);
    expect(spawned.provided).toEqual(['photos', 'share']);
    const pick = await bridge(spawned, 'photos_pick', { limit: 1 });
    expect(pick.outcome).toBe('ok');
    expect(pick.result.structuredContent).toMatchObject({ photos: [{ name: 'one.png', mimeType: 'image/png' }] });
    const share = await bridge(spawned, 'share_send', { text: 'hello' });
    expect(share).toMatchObject({ outcome: 'ok', result: { structuredContent: { shared: true } } });
  });

  it("a command string is split shell-like and spawned without a shell; the provider's stderr is logged with its prefix", async () => {
    const dir = await started.dir();
    const pidFile = join(dir, 'pid $HOME');
    const spawned = await started.spawn([`'${process.execPath}' "${nodeProvider}" --hello --pid-file '${pidFile}'`]);
    expect(Number(await readFile(pidFile, 'utf8'))).toBe(spawned.processes[0]?.pid);
    expect(await until(() => started.log.some((l) => l.startsWith('[provider node] hello from the node provider')), 2_000)).toBe(true);
  });

  it('serves many calls in flight, answered in any order', async () => {
    const spawned = await started.spawn([providerArgv()]);
    const ends = await Promise.all(Array.from({ length: 40 }, (_, i) => bridge(spawned, 'share_send', { text: i % 2 === 0 ? 'slow:30' : `t${i}` })));
    expect(ends.every((e) => e.outcome === 'ok')).toBe(true);
  });

  it('hands createCallPath natives it takes as they are', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')]);
    const audit = new MemoryAuditSink();
    const path = createCallPath({
      catalog,
      app: { id: 'acme.album', screens: ['albums'], manifest: [{ id: 'share.send', why: 'share' }] },
      provided: spawned.provided,
      providers: spawned.providers,
      blobs: new MemoryBlobStore(),
      grants: { get: async () => 'granted', set: async () => undefined, delete: async () => undefined },
      audit,
      consent: async () => 'dismissed',
      clock: () => new Date(),
      randomHex: () => '0'.repeat(32),
    } as never);
    const answer = await path.call({ from: 'agent', client: 'run-1', name: 'share__send', arguments: { text: 'hi' }, foreground: true });
    expect(JSON.stringify(answer)).toContain('"shared":true');
    await path.closeAudit();
    expect(audit.rows).toHaveLength(1);
  });
});

describe('spawnProviders: a provider that leaves native tools out is served', () => {
  it('the tools it left out answer isError unavailable without a call reaching it; the others work; one warning line names them', async () => {
    const record = join(await started.dir(), 'record.jsonl');
    const argv = providerArgv('--capabilities', 'photos,share', '--omit', 'photos_get,photos_list', '--record', record);
    const log: string[] = [];
    const spawned = await started.spawn([argv], { log: (line) => log.push(line) });
    expect(spawned.provided).toEqual(['photos', 'share']);
    expect(spawned.omitted).toEqual(['photos_get', 'photos_list']);
    expect(log).toEqual([`xcap: provider ${JSON.stringify(argv.join(' '))} describes photos without photos_get, photos_list: they answer unavailable`]);
    expect(await bridge(spawned, 'photos_get', { id: 'p1' })).toMatchObject({ outcome: 'isError', result: { isError: true } });
    expect(await bridge(spawned, 'photos_list', {})).toMatchObject({ outcome: 'isError' });
    expect(await bridge(spawned, 'photos_pick', { limit: 1 })).toMatchObject({ outcome: 'ok' });
    expect(await bridge(spawned, 'share_send', { text: 'hello' })).toMatchObject({ outcome: 'ok' });
    const calls = (await readFile(record, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse((JSON.parse(line) as { line: string }).line) as { method?: string; params?: { tool?: string } })
      .filter((message) => message.method === 'providers/call')
      .map((message) => message.params?.tool);
    expect(calls).toEqual(['pick', 'send']);
  });

  it('a capability described with none of its tools is served too, each answering unavailable; a provider leaving nothing out logs nothing', async () => {
    const share = { protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { share: [] } };
    const argv = providerArgv('--describe', JSON.stringify(share));
    const log: string[] = [];
    const spawned = await started.spawn([argv, providerArgv('--capabilities', 'print')], { log: (line) => log.push(line) });
    expect(spawned.provided).toEqual(['print', 'share']);
    expect(spawned.omitted).toEqual(['share_send']);
    expect(log).toEqual([`xcap: provider ${JSON.stringify(argv.join(' '))} describes share without share_send: it answers unavailable`]);
    expect(await bridge(spawned, 'share_send', { text: 'hello' })).toMatchObject({ outcome: 'isError' });
  });
});

describe('spawnProviders: describe mismatches are refused (ProviderSetupError naming the command)', () => {
  const cases: [string, unknown, RegExp][] = [
    [
      'another protocol version',
      { protocolVersion: 2, provider: { name: 'x', version: '1' }, capabilities: {} },
      /provider speaks version 2, this host speaks version 1/,
    ],
    [
      'an unknown capability',
      { protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { bluetooth: ['scan'] } },
      /capabilities\.bluetooth: no capability "bluetooth" in the catalog/,
    ],
    [
      'a native tool the catalog does not define',
      { protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { share: ['send', 'fax'] } },
      /capabilities\.share: "fax" is not a native tool of share/,
    ],
    [
      'a native tool listed twice',
      { protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { share: ['send', 'send'] } },
      /capabilities\.share: native tool "send" listed twice/,
    ],
    [
      'a capability of another host',
      { protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { windows: ['list'] } },
      /provided only by host "ede"/,
    ],
    [
      'a malformed result',
      { protocolVersion: 1, capabilities: [] },
      /: provider: not an object \{name: string, version: string\}\n  - .*: capabilities: not an object/,
    ],
  ];
  for (const [name, description, problem] of cases) {
    it(name, async () => {
      const error = await spawnProviders([providerArgv('--describe', JSON.stringify(description))], { log: () => undefined }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderSetupError);
      expect((error as Error).message).toMatch(problem);
      expect((error as Error).message).toContain(nodeProvider);
    });
  }

  it('a capability described by two commands names both', async () => {
    const a = providerArgv('--capabilities', 'share');
    const b = providerArgv('--capabilities', 'share,print', '--hello');
    const error = (await spawnProviders([a, b], { log: () => undefined }).catch((e: unknown) => e)) as ProviderSetupError;
    expect(error).toBeInstanceOf(ProviderSetupError);
    expect(error.problems).toEqual([
      `${JSON.stringify(b.join(' '))}: capability "share" is described by both ${JSON.stringify(a.join(' '))} and ${JSON.stringify(b.join(' '))}; serve each capability from one command`,
    ]);
  });

  it('a command that cannot be spawned, exits before describing, or never describes', async () => {
    const error = (await spawnProviders(
      ['/nonexistent/provider', [process.execPath, '-e', 'process.exit(5)'], [process.execPath, '-e', 'setInterval(() => {}, 1000)']],
      { log: () => undefined, describeTimeoutMs: 1_500, graceMs: 100 },
    ).catch((e: unknown) => e)) as ProviderSetupError;
    expect(error.problems[0]).toMatch(/^"\/nonexistent\/provider": cannot start: spawn \/nonexistent\/provider ENOENT/);
    expect(error.problems[1]).toMatch(/exited before answering providers\/describe \(exit code 5\)/);
    expect(error.problems[2]).toMatch(/did not answer providers\/describe within 1500 ms/);
  });

  it('the processes already started are stopped when another command is refused', async () => {
    const dir = await started.dir();
    const pidFile = join(dir, 'pid');
    await expect(spawnProviders([providerArgv('--pid-file', pidFile), '/nonexistent/provider'], { log: () => undefined })).rejects.toThrow(ProviderSetupError);
    expect(alive(Number(await readFile(pidFile, 'utf8')))).toBe(false);
  });
});

describe('spawnProviders: faults have their defined outcomes', () => {
  it('a JSON-RPC error answer is a failed native (rpcError)', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')]);
    expect((await bridge(spawned, 'share_send', { text: 'rpc-error' })).outcome).toBe('rpcError');
  });

  it("an answer that breaks nativeOutputSchema is the bridge's badResult", async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')]);
    const end = await bridge(spawned, 'share_send', { text: 'bad-output' });
    expect(end.outcome).toBe('isError');
    expect(end.result.content[0].text).toMatch(/^badResult: \/shared type/);
  });

  it('a hang past the timeout ends timeout and sends providers/cancel {id}; a late answer is ignored quietly', async () => {
    const dir = await started.dir();
    const record = join(dir, 'record.jsonl');
    const spawned = await started.spawn([providerArgv('--capabilities', 'share', '--record', record)], { timeoutMs: 300 });
    const read = async () =>
      (await readFile(record, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => ({
          dir: (JSON.parse(l) as { dir: string }).dir,
          message: JSON.parse((JSON.parse(l) as { line: string }).line) as { id?: number; method?: string; params?: unknown },
        }));
    expect((await bridge(spawned, 'share_send', { text: 'hang' }, 300)).outcome).toBe('timeout');
    expect((await bridge(spawned, 'share_send', { text: 'slow:600' }, 300)).outcome).toBe('timeout');
    let lines = await read();
    const calls = lines.filter((l) => l.message.method === 'providers/call').map((l) => l.message.id);
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline && !lines.some((l) => l.dir === 'out' && l.message.id === calls[1])) {
      await new Promise((r) => setTimeout(r, 50));
      lines = await read();
    }
    const cancels = lines.filter((l) => l.message.method === 'providers/cancel').map((l) => l.message);
    expect(cancels).toEqual(calls.map((id) => ({ jsonrpc: '2.0', method: 'providers/cancel', params: { id } })));
    // The late answer to the second call came and was ignored without a log line.
    expect(lines.some((l) => l.dir === 'out' && l.message.id === calls[1])).toBe(true);
    expect(started.log.filter((l) => l.includes('unknown id'))).toEqual([]);
    expect(spawned.processes[0]?.inFlight).toBe(0);
    expect((await bridge(spawned, 'share_send', { text: 'fine' })).outcome).toBe('ok');
  });

  it('a garbage line is logged and ignored; the call still answers', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')]);
    expect((await bridge(spawned, 'share_send', { text: 'garbage' })).outcome).toBe('ok');
    expect(started.log).toContain('[provider node] a stdout line that is not JSON was ignored: this is not JSON');
  });

  it('an answer to an unknown id is logged and ignored (the call then times out)', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')], { timeoutMs: 300 });
    expect((await bridge(spawned, 'share_send', { text: 'unknown-id' }, 300)).outcome).toBe('timeout');
    expect(started.log.some((l) => /^\[provider node\] an answer to unknown id \d+ was ignored$/.test(l))).toBe(true);
  });

  it('a notification from the provider is logged once per method and ignored', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')]);
    expect((await bridge(spawned, 'share_send', { text: 'notify' })).outcome).toBe('ok');
    expect((await bridge(spawned, 'share_send', { text: 'notify' })).outcome).toBe('ok');
    expect(started.log.filter((l) => l.includes('"providers/progress" from the provider are ignored'))).toHaveLength(1);
  });

  it('an answer over maxMessageBytes is discarded with one log line and fails its call', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')], { maxMessageBytes: 1024 * 1024 });
    expect((await bridge(spawned, 'share_send', { text: 'huge' })).outcome).toBe('rpcError');
    expect(
      started.log.filter((l) => /discarded a stdout line of \d+ bytes: over the 1048576-byte message limit \(the answer to call \d+, which fails\)/.test(l)),
    ).toHaveLength(1);
    expect((await bridge(spawned, 'share_send', { text: 'after' })).outcome).toBe('ok');
  });

  it('passes maxQueuedBytes and stallMs on: past the bound a call answers unavailable at once, and a provider reading nothing is killed as hung', async () => {
    const mib = 1024 * 1024;
    const spawned = await started.spawn([providerArgv('--capabilities', 'share', '--stall-until-sigusr2')], {
      maxQueuedBytes: mib,
      stallMs: 300,
      timeoutMs: 10_000,
    });
    const send = spawned.providers['share']?.['send'] as (input: JsonObject) => Promise<unknown>;
    const text = 'x'.repeat(2 * mib);
    const first = send({ text }).catch((error: unknown) => error);
    expect(await send({ text })).toEqual({ isError: 'unavailable' });
    expect(await first).toBeInstanceOf(ProviderCallError);
    expect(started.log.some((l) => /^\[provider node\] read none of the \d+ bytes waiting on its stdin for 300 ms: killed as hung \(SIGKILL\)$/.test(l))).toBe(
      true,
    );
  });

  it('holds answers to maxAnswerBytes: an answer past it ends isError unavailable through the bridge, and the next one is served', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')], { maxAnswerBytes: 1024 * 1024, maxMessageBytes: 8 * 1024 * 1024 });
    const end = await bridge(spawned, 'share_send', { text: 'huge' });
    expect(end.outcome).toBe('isError');
    expect(JSON.stringify(end.result)).toContain('"unavailable"');
    expect((await bridge(spawned, 'share_send', { text: 'after' })).outcome).toBe('ok');
  });

  it('a crash mid-call fails every call in flight (rpcError, the exit code logged); the process is restarted and described again', async () => {
    const spawned = await started.spawn([providerArgv('--capabilities', 'share')], { timeoutMs: 3_000 });
    const first = spawned.processes[0]?.pid;
    const ends = await Promise.all([bridge(spawned, 'share_send', { text: 'slow:2000' }, 3_000), bridge(spawned, 'share_send', { text: 'crash' }, 3_000)]);
    expect(ends.map((e) => e.outcome)).toEqual(['rpcError', 'rpcError']);
    expect(started.log).toContain('[provider node] ended (exit code 3); 2 call(s) in flight failed; restarting in 100 ms');
    // A call made while it restarts waits for it.
    expect((await bridge(spawned, 'share_send', { text: 'after' }, 3_000)).outcome).toBe('ok');
    expect(spawned.processes[0]?.restarts).toBe(1);
    expect(spawned.processes[0]?.pid).not.toBe(first);
    expect(started.log.some((l) => /^\[provider node\] restarted \(pid \d+\)$/.test(l))).toBe(true);
  });

  it('restarts back off (100 ms doubling) and a restart that describes something else is refused', async () => {
    const dir = await started.dir();
    const clock = new ManualTimers();
    const before = started.log.length;
    const log = () => started.log.slice(before);
    const spawned = await started.spawn([providerArgv('--capabilities', 'share,photos', '--start-file', join(dir, 'starts'), '--mismatch-after-restart')], {
      timeoutMs: 3_000,
      timers: clock,
    });
    const proc = spawned.processes[0] as ProviderProcess;
    process.kill(proc.pid as number, 'SIGKILL');
    expect(await until(() => proc.state === 'restarting', 3_000)).toBe(true);
    expect(log()).toContain('[provider node] ended (signal SIGKILL); restarting in 100 ms');
    clock.advance(100);
    expect(await until(() => log().some((l) => l.includes('restarting in 200 ms')), 3_000)).toBe(true);
    expect(log().find((l) => l.includes('restart refused'))).toMatch(
      /described \{"photos":\["pick","list","get"\]\} after the restart, not \{"share":\["send"\],"photos":\["pick","list","get"\]\} as at start/,
    );
    clock.advance(200);
    expect(
      await until(() => log().filter((l) => l.includes('restart refused')).length >= 2 && log().some((l) => l.includes('restarting in 400 ms')), 3_000),
    ).toBe(true);
    expect(proc.state).toBe('restarting');
    const waits = proc.call('share', 'send', { text: 'x' });
    clock.advance(3_000);
    await expect(waits).rejects.toThrow(errorOf(ProviderCallError, 'was not running for 3000 ms (restarting)'));
    expect(log().some((l) => l.includes('restarted'))).toBe(false);
  });
});

describe('spawnProviders: stopping', () => {
  it('close() closes stdin and a well-behaved provider exits at once', async () => {
    const spawned = await started.spawn([providerArgv()], { graceMs: 5_000 });
    const pid = spawned.processes[0]?.pid as number;
    const t0 = Date.now();
    await spawned.close();
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(alive(pid)).toBe(false);
  });

  it('a provider that ignores stdin EOF and SIGTERM is killed after the grace periods; calls in flight are rejected', async () => {
    const spawned = await started.spawn([providerArgv('--ignore-eof', '--ignore-sigterm', '--capabilities', 'share')], { graceMs: 300, timeoutMs: 5_000 });
    const pid = spawned.processes[0]?.pid as number;
    const hanging = bridge(spawned, 'share_send', { text: 'hang' }, 5_000);
    await until(() => spawned.processes[0]?.inFlight === 1, 1_000);
    const t0 = Date.now();
    await spawned.close();
    const took = Date.now() - t0;
    expect(alive(pid)).toBe(false);
    expect(took).toBeGreaterThanOrEqual(550);
    expect(started.log).toEqual(
      expect.arrayContaining([
        '[provider node] still running 300 ms after its stdin closed: SIGTERM',
        '[provider node] still running 300 ms after SIGTERM: SIGKILL',
      ]),
    );
    expect((await hanging).outcome).toBe('rpcError');
    expect((await bridge(spawned, 'share_send', { text: 'late' })).outcome).toBe('rpcError');
  });
});

describe('parseCommandLine', () => {
  it('splits words like a POSIX shell, quotes and escapes included, and nothing more', () => {
    expect(parseCommandLine('swift run MyProviders')).toEqual(['swift', 'run', 'MyProviders']);
    expect(parseCommandLine(`  python3  'my dir/p.py' "a \\"b\\" \\n" c\\ d $HOME *`)).toEqual(['python3', 'my dir/p.py', 'a "b" \\n', 'c d', '$HOME', '*']);
    expect(parseCommandLine(`a''b ""`)).toEqual(['ab', '']);
  });
  it('refuses an empty command and an unclosed quote', () => {
    expect(() => parseCommandLine('  ')).toThrow('command: empty');
    expect(() => parseCommandLine(`python3 'x`)).toThrow(/unclosed single quote at character 9/);
    expect(() => parseCommandLine(`python3 "x`)).toThrow(/unclosed double quote/);
  });
});
