/**
 * No input makes the work super-linear: each attack is timed at size n and
 * 4n inside one run and the ratio compared (linear work ≈ 4, quadratic ≈ 16),
 * never an absolute time. CPU time of this process, interleaved runs, the
 * fastest of each after a full collection, so other work on the machine
 * disturbs the ratio little.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { argsHash } from '@xcap/audit';
import { createFakeHost, sampleNatives } from '../src/index.js';

setFlagsFromString('--expose_gc');
/** A full garbage collection, so no measurement pays for the garbage of the one before. */
const gc = runInNewContext('gc') as () => void;

async function cpuTime(run: () => unknown): Promise<number> {
  gc();
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

/** How many times longer `large` takes than `small` (fastest of interleaved rounds, CPU time). */
async function timeRatio(small: () => unknown, large: () => unknown, rounds = 5): Promise<number> {
  await small();
  await large();
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let i = 0; i < rounds; i++) {
    bestSmall = Math.min(bestSmall, await cpuTime(small));
    bestLarge = Math.min(bestLarge, await cpuTime(large));
  }
  return bestLarge / Math.max(bestSmall, 1);
}

/** Quadratic work at 4n is about 16 times n; anything under 10 is linear (or better) with room for noise. */
const superLinear = 10;

describe('attack: super-linear work', () => {
  it('a consent sheet for a manifest with many origins (4,000 vs 16,000)', async () => {
    const hostFor = (n: number) => {
      const origins = Array.from({ length: n }, (_, i) => `https://h${i}.example.com`);
      return createFakeHost({
        provided: ['http'],
        manifest: [{ id: 'http.fetch', why: 'Load.', origins }],
        consent: Array.from({ length: 20 }, () => 'dismiss' as const),
      });
    };
    const small = hostFor(4_000);
    const large = hostFor(16_000);
    const ask = (host: ReturnType<typeof hostFor>) => () => host.ui('http_fetch', { url: 'https://h1.example.com/x' });
    expect(await timeRatio(ask(small), ask(large))).toBeLessThan(superLinear);
    expect(small.consent.asked[0]?.sheet.text).toMatch(/^This app wants to connect to h0\.example\.com, h1\.example\.com, /);
  });

  it('a huge tool name (1 MB vs 4 MB): the message and row stay 128 code points and …', async () => {
    const host = createFakeHost();
    const call = (n: number) => () => host.agent('x'.repeat(n), {});
    expect(await timeRatio(call(1_000_000), call(4_000_000))).toBeLessThan(superLinear);
    const answer = await host.agent('y'.repeat(1_000_000), {});
    expect(answer.kind === 'rpcError' && answer.error.message).toBe(`Unknown tool: ${'y'.repeat(128)}…`);
    expect(answer.audit.tool).toBe(`${'y'.repeat(128)}…`);
  });

  it('a long internationalised url (25,000 vs 100,000 characters) is never parsed', async () => {
    const host = createFakeHost({ natives: sampleNatives(), grants: { 'share.send': 'granted' } });
    const call = (n: number) => () => host.agent('share__send', { text: 'x', url: `https://${'ü'.repeat(n)}.com/` });
    expect(await timeRatio(call(25_000), call(100_000))).toBeLessThan(superLinear);
    const answer = await host.agent('share__send', { text: 'x', url: `https://${'ü'.repeat(20_000)}.com/` });
    expect(answer.kind === 'result' && answer.result.content[0]?.text).toBe('invalidParams: /url format');
  });

  it('deep arguments through the call path (25,000 vs 100,000 levels)', async () => {
    const host = createFakeHost({ foreground: false });
    const deep = (n: number) => {
      let value: unknown = 1;
      for (let i = 0; i < n; i++) value = { a: value };
      return value;
    };
    const [small, large] = [deep(25_000), deep(100_000)];
    expect(
      await timeRatio(
        () => host.agent('share__send', small),
        () => host.agent('share__send', large),
      ),
    ).toBeLessThan(superLinear);
  });

  it('wide arguments (25,000 vs 100,000 members) hash in n log n', async () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${(i * 7919) % n}`, i]));
    const [small, large] = [wide(25_000), wide(100_000)];
    expect(
      await timeRatio(
        () => argsHash(small),
        () => argsHash(large),
      ),
    ).toBeLessThan(superLinear);
  });
});
