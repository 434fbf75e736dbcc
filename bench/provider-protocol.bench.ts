/**
 * The provider protocol's cost: the same echo-like native (share_send →
 * `{shared: true}`) in process and served by the Node reference provider
 * process (`node-provider.mjs`) over the protocol, one call at a time and
 * 16 in flight, through the bridge alone and through the whole call path
 * (decide, bridge, audit into memory): calls per second and the median
 * latency. Each pair is measured back to back, the order alternating from
 * round to round; the median over the rounds and the range are reported,
 * and the ratio provider process / in process of each round against
 * issue 17's target (≥ 0.7×). Rounds: `XCAP_BENCH_ROUNDS` (default 5);
 * time per measurement: `XCAP_BENCH_MS` (default 1000).
 */
import { MemoryAuditSink } from '../packages/audit/src/index.js';
import { MemoryBlobStore, bridgeCall } from '../packages/bridge/src/index.js';
import { catalog } from '../packages/catalog/src/index.js';
import { createCallPath, resolveNative, type NativeProviders } from '../packages/call/src/index.js';
import { spawnProviders } from '../packages/provider-protocol/src/index.js';
import { isMain, printTable, type BenchRow } from './harness.js';
import { nodeProviderPath } from '@xcap/test-support';

const provider = nodeProviderPath;
const rounds = Math.max(1, Number(process.env['XCAP_BENCH_ROUNDS'] ?? 5));
const measureMs = Math.max(100, Number(process.env['XCAP_BENCH_MS'] ?? 1000));
const inProcess = { share: { send: () => ({ structuredContent: { shared: true } }) } };

/** Runs `call` from `workers` loops for `ms` after a warm-up: calls per second and the median latency in ms. */
async function load(call: () => Promise<unknown>, workers: number, ms = measureMs): Promise<{ perSecond: number; p50: number }> {
  const warm = Date.now() + 200;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < warm) await call();
    }),
  );
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  return { perSecond: (latencies.length * 1000) / elapsed, p50: latencies[Math.floor(latencies.length / 2)] ?? NaN };
}

function bridged(providers: NativeProviders): () => Promise<unknown> {
  const blobs = new MemoryBlobStore();
  const native = resolveNative(providers, 'share', 'send');
  if (native === undefined) throw new Error('no share.send native');
  return () => bridgeCall({ catalog, tool: 'share_send', arguments: { text: 'hello' }, context: { app: 'acme.album', screens: ['albums'] }, blobs, native });
}

function throughCallPath(providers: NativeProviders): () => Promise<unknown> {
  const path = createCallPath({
    catalog,
    app: { id: 'acme.album', screens: ['albums'], manifest: [{ id: 'share.send', why: 'share' }] },
    provided: ['share'],
    providers,
    blobs: new MemoryBlobStore(),
    grants: { get: async () => 'granted', set: async () => undefined, delete: async () => undefined },
    audit: new MemoryAuditSink(),
    consent: async () => 'dismissed',
    clock: () => new Date(),
    randomHex: () => '0'.repeat(32),
  } as never);
  return () => path.call({ from: 'agent', client: 'run-bench', name: 'share__send', arguments: { text: 'hello' }, foreground: true });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const range = (values: readonly number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/** The benchmark rows. */
export async function run(): Promise<BenchRow[]> {
  const spawned = await spawnProviders([[process.execPath, provider, '--capabilities', 'share']], { log: () => undefined });
  const rows: BenchRow[] = [];
  try {
    for (const [level, make] of [
      ['bridgeCall', bridged],
      ['call path', throughCallPath],
    ] as const) {
      for (const workers of [1, 16]) {
        const calls = { local: make(inProcess), remote: make(spawned.providers) };
        const runs: Record<'local' | 'remote', { perSecond: number; p50: number }[]> = { local: [], remote: [] };
        for (let round = 0; round < rounds; round++) {
          for (const who of round % 2 === 0 ? (['local', 'remote'] as const) : (['remote', 'local'] as const)) runs[who].push(await load(calls[who], workers));
        }
        const ratios = runs.remote.map((r, i) => r.perSecond / (runs.local[i]?.perSecond ?? NaN));
        const rate = (who: 'local' | 'remote') => median(runs[who].map((r) => r.perSecond));
        const note = (who: 'local' | 'remote') => `range ${range(runs[who].map((r) => r.perSecond))}; p50 ${median(runs[who].map((r) => r.p50)).toFixed(3)} ms`;
        const label = `${level} share_send, ${workers === 1 ? 'one at a time' : `${workers} in flight`}`;
        rows.push({ name: `${label}, in process`, value: rate('local'), unit: 'calls/s', note: note('local') });
        rows.push({ name: `${label}, provider process`, value: rate('remote'), unit: 'calls/s', note: note('remote') });
        rows.push({
          name: `${label}, provider process / in process`,
          value: median(ratios),
          unit: '×',
          note: `median of ${ratios.length} rounds, range ${range(ratios, 2)}; target ≥ 0.7×: ${median(ratios) >= 0.7 ? 'met' : 'NOT met'}`,
        });
      }
    }
  } finally {
    await spawned.close();
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await run());
