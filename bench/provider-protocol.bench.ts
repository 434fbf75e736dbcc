/**
 * The provider protocol's cost: the same echo-like native (share_send →
 * `{shared: true}`) in process and served by the Node reference provider
 * process (`node-provider.mjs`) over the protocol, one call at a time and
 * 16 in flight, through the bridge alone and through the whole call path
 * (decide, bridge, audit into memory): calls per second and the median
 * latency.
 */
import { fileURLToPath } from 'node:url';
import { MemoryAuditSink } from '../packages/audit/src/index.js';
import { MemoryBlobStore, bridgeCall } from '../packages/bridge/src/index.js';
import { catalog } from '../packages/catalog/src/index.js';
import { createCallPath, resolveNative, type NativeProviders } from '../packages/call/src/index.js';
import { spawnProviders } from '../packages/provider-protocol/src/index.js';
import { isMain, printTable, type BenchRow } from './harness.js';

const provider = fileURLToPath(new URL('../packages/provider-protocol/test/fixtures/node-provider.mjs', import.meta.url));
const inProcess = { share: { send: () => ({ structuredContent: { shared: true } }) } };

/** Runs `call` from `workers` loops for `ms` after a warm-up: calls per second and the median latency in ms. */
async function load(call: () => Promise<unknown>, workers: number, ms = 1_500): Promise<{ perSecond: number; p50: number }> {
  const warm = Date.now() + 200;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (Date.now() < warm) await call();
  }));
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + ms;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await call();
      latencies.push(performance.now() - t);
    }
  }));
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

/** The benchmark rows. */
export async function run(): Promise<BenchRow[]> {
  const spawned = await spawnProviders([[process.execPath, provider, '--capabilities', 'share']], { log: () => undefined });
  const rows: BenchRow[] = [];
  try {
    for (const [level, make] of [['bridgeCall', bridged], ['call path', throughCallPath]] as const) {
      for (const workers of [1, 16]) {
        const local = await load(make(inProcess), workers);
        const remote = await load(make(spawned.providers), workers);
        const label = `${level} share_send, ${workers === 1 ? 'one at a time' : `${workers} in flight`}`;
        rows.push({ name: `${label}, in process`, value: local.perSecond, unit: 'calls/s', note: `p50 ${local.p50.toFixed(3)} ms` });
        rows.push({ name: `${label}, provider process`, value: remote.perSecond, unit: 'calls/s', note: `p50 ${remote.p50.toFixed(3)} ms; ${(remote.perSecond / local.perSecond).toFixed(2)}× in process` });
      }
    }
  } finally {
    await spawned.close();
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await run());
