/**
 * The provider protocol through `xcap serve` (issue 17's speed target):
 * MCP `photos__list {"limit": 1}` over stdio, with the same MCP SDK v2
 * client, against three `xcap serve` processes in one run:
 *
 * - **node**: `--photos <folder>`, the Node photos provider in process;
 * - **python**: `--providers-command "python3 examples/python-provider/xcap_provider.py --photos <folder>"`,
 *   the Python reference provider over the protocol (same folder);
 * - **echo**: `--providers-command "node …/node-provider.mjs --capabilities photos"`,
 *   the Node test provider over the protocol answering a fixed one-photo
 *   page (no folder): the protocol's own cost, with a provider that does
 *   next to nothing.
 *
 * One call at a time and 16 in flight; within a round each server is
 * measured for a fixed time, the order rotating from round to round; the
 * median over the rounds and the range are reported, with p50, the ratios
 * per round to the Node server, and the CPU time per call of `xcap serve`
 * and of its provider process (Linux /proc, all threads, 10 ms ticks).
 * Also the natives alone, no MCP and no call path: the Node photos
 * provider's `list` in process against `providers/call` to each provider
 * process (`spawnProviders`): the pipe and the provider's own time. And
 * inside the Python process, no pipe (`bench/python-provider-parts.py`):
 * the folder scan, the call, its JSON line in and out, and the thread pool.
 * Needs the built packages (`npm run bench` builds first) and python3.
 * Rounds: `XCAP_BENCH_ROUNDS` (default 5); time per measurement:
 * `XCAP_BENCH_MS` (default 1000).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
// The built packages, as the spawned `xcap serve` runs them.
import { createPhotosProvider } from '@xcap/host-node';
import { spawnProviders, type SpawnedProviders } from '@xcap/provider-protocol';
import { writeSampleAlbum } from './sample-album.js';
import { type BenchRow, isMain, printTable } from './harness.js';
import { nodeProviderPath } from '@xcap/test-support';
import { processCpuTime } from './process-cpu-time.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const xcapBin = join(root, 'packages/host-node/bin/xcap.js');
const pythonProvider = join(root, 'examples/python-provider/xcap_provider.py');
const pythonParts = join(root, 'bench/python-provider-parts.py');
const echoProvider = nodeProviderPath;
const inFlight = 16;
const rounds = Math.max(1, Number(process.env['XCAP_BENCH_ROUNDS'] ?? 5));
const measureMs = Math.max(100, Number(process.env['XCAP_BENCH_MS'] ?? 1000));

type Who = 'node' | 'python' | 'echo';
type Mode = 'one at a time' | '16 in flight';
const everyone: readonly Who[] = ['node', 'python', 'echo'];
const modes: readonly Mode[] = ['one at a time', '16 in flight'];
const label: Record<Who, string> = {
  node: 'Node photos provider in process',
  python: 'Python provider over the protocol',
  echo: 'Node echo provider over the protocol',
};

/** One measurement: calls/s, the latencies' p50 in ms, the calls made, and CPU µs per call of the server and its provider. */
interface Figures {
  readonly rate: number;
  readonly p50: number;
  readonly calls: number;
  readonly serverCpu: number;
  readonly providerCpu: number;
}

/** The first child process of `parent` (Linux /proc; `undefined` elsewhere or without one). */
function childOf(parent: number | undefined): number | undefined {
  if (parent === undefined) return undefined;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
        if (ppid === parent) return Number(entry);
      } catch {
        // the process ended while /proc was read
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** `call` one at a time, or from `inFlight` loops, for `measureMs`: calls/s and the p50 latency. */
async function load(call: () => Promise<unknown>, mode: Mode): Promise<{ rate: number; p50: number; calls: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: mode === 'one at a time' ? 1 : inFlight }, async () => {
      while (performance.now() - start < measureMs) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  return { rate: (latencies.length * 1000) / elapsed, p50: latencies[Math.floor(latencies.length / 2)] ?? NaN, calls: latencies.length };
}

/** Measures `call` in `mode` with the CPU time per call of `server` and `provider` (NaN without /proc). */
async function measured(call: () => Promise<unknown>, mode: Mode, server: number | undefined, provider: number | undefined): Promise<Figures> {
  const before = [processCpuTime(server), processCpuTime(provider)];
  const figures = await load(call, mode);
  const after = [processCpuTime(server), processCpuTime(provider)];
  const perCall = (i: number) => (before[i] === undefined || after[i] === undefined ? NaN : (after[i] - before[i]) / Math.max(1, figures.calls));
  return { ...figures, serverCpu: perCall(0), providerCpu: perCall(1) };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const range = (values: readonly number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/** One `xcap serve` over stdio with its MCP v2 client. */
interface Server {
  readonly call: () => Promise<CallToolResult>;
  close(): Promise<void>;
  readonly pid: number | undefined;
  readonly provider: number | undefined;
}

const checked = (result: CallToolResult) => {
  if (result.isError === true) throw new Error(`tools/call failed: ${JSON.stringify(result)}`);
  return result;
};

async function serve(args: readonly string[]): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [xcapBin, 'serve', ...args],
    cwd: root,
    stderr: 'ignore',
    env: { NODE_OPTIONS: '', PATH: process.env['PATH'] ?? '' },
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  const pid = transport.pid ?? undefined;
  return {
    call: async () => checked(await client.callTool({ name: 'photos__list', arguments: { limit: 1 } })),
    close: () => client.close(),
    pid,
    provider: childOf(pid),
  };
}

/** Measures every server and every native, rounds interleaved, and reports rates, p50, ratios and CPU per call. */
export async function run(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(os.tmpdir(), 'xcap-bench-python-'));
  const servers: Partial<Record<Who, Server>> = {};
  const spawned: SpawnedProviders[] = [];
  try {
    const { photos, manifest } = await writeSampleAlbum(dir);
    const python = `python3 ${pythonProvider} --photos ${photos}`;
    const echo = `${process.execPath} ${echoProvider} --capabilities photos`;
    const provided: Record<Who, string[]> = { node: ['--photos', photos], python: ['--providers-command', python], echo: ['--providers-command', echo] };
    for (const who of everyone) {
      // One data dir per process (its own grant file and audit log), photos.read granted with the xcap CLI.
      const data = join(dir, `data-${who}`);
      execFileSync(process.execPath, [xcapBin, 'grant', 'acme.album', 'photos.read', '--data', data], { stdio: 'ignore' });
      servers[who] = await serve(['--manifest', manifest, '--data', data, ...provided[who]]);
    }

    // The natives alone: no MCP, no call path.
    const inProcess = createPhotosProvider({ dir: photos });
    const natives: Record<Who, { call: () => Promise<unknown>; pid: number | undefined }> = {
      node: { call: () => inProcess.list({ limit: 1 }), pid: undefined },
      python: { call: () => Promise.resolve(), pid: undefined },
      echo: { call: () => Promise.resolve(), pid: undefined },
    };
    for (const who of ['python', 'echo'] as const) {
      const s = await spawnProviders([who === 'python' ? python : echo], { log: () => undefined });
      spawned.push(s);
      const list = s.providers['photos']?.['list'];
      if (list === undefined) throw new Error(`the ${who} provider serves no photos.list`);
      natives[who] = { call: () => list({ limit: 1 }), pid: s.processes[0]?.pid };
    }

    // Warm-up: the JIT of every Node process, the grant file, the folder caches.
    for (const who of everyone) {
      const server = servers[who]!;
      for (let i = 0; i < 500; i++) await server.call();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          for (let i = 0; i < 30; i++) await server.call();
        }),
      );
      for (let i = 0; i < 500; i++) await natives[who].call();
    }

    type Key = `${'serve' | 'native'} ${Mode}`;
    const seen = new Map<Key, Record<Who, Figures[]>>();
    const loads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      loads.push(os.loadavg()[0] ?? NaN);
      const order = everyone.map((_, i) => everyone[(i + round) % everyone.length]!);
      if (round % 2 === 1) order.reverse();
      for (const mode of modes) {
        for (const level of ['serve', 'native'] as const) {
          const key: Key = `${level} ${mode}`;
          const entry = seen.get(key) ?? { node: [], python: [], echo: [] };
          for (const who of order) {
            const figures =
              level === 'serve'
                ? await measured(servers[who]!.call, mode, servers[who]!.pid, servers[who]!.provider)
                : await measured(natives[who].call, mode, undefined, natives[who].pid);
            entry[who].push(figures);
          }
          seen.set(key, entry);
        }
      }
    }
    loads.push(os.loadavg()[0] ?? NaN);

    const rows: BenchRow[] = [];
    for (const [key, entry] of seen) {
      const [level] = key.split(' ') as ['serve' | 'native'];
      const mode = key.slice(level.length + 1);
      const where = level === 'serve' ? `xcap serve, ${mode}` : `native alone, ${mode}`;
      for (const who of everyone) {
        const runs = entry[who];
        const cpu =
          level === 'serve'
            ? `; CPU per call: xcap serve ${median(runs.map((r) => r.serverCpu)).toFixed(0)} µs${who === 'node' ? '' : `, provider ${median(runs.map((r) => r.providerCpu)).toFixed(0)} µs`}`
            : who === 'node'
              ? ''
              : `; provider CPU per call ${median(runs.map((r) => r.providerCpu)).toFixed(0)} µs`;
        rows.push({
          name: `${where}: ${label[who]}`,
          value: median(runs.map((r) => r.rate)),
          unit: 'calls/s',
          note: `range ${range(runs.map((r) => r.rate))}; p50 ${median(runs.map((r) => r.p50)).toFixed(3)} ms${cpu}`,
        });
      }
      for (const who of ['python', 'echo'] as const) {
        const ratios = entry[who].map((r, i) => r.rate / (entry.node[i]?.rate ?? NaN));
        const target = level === 'serve' ? `; target ≥ 0.7×: ${median(ratios) >= 0.7 ? 'met' : 'NOT met'}` : '';
        rows.push({
          name: `${where}: ${who} / node`,
          value: median(ratios),
          unit: '×',
          note: `median of ${ratios.length} rounds, range ${range(ratios, 2)}${target}`,
        });
      }
    }
    const parts = JSON.parse(execFileSync('python3', [pythonParts, photos, String(measureMs)], { encoding: 'utf8' })) as Record<
      'scan' | 'call' | 'json' | 'pool',
      number
    >;
    rows.push({
      name: 'inside the Python provider: the folder scan',
      value: parts.scan,
      unit: 'µs',
      note: 'PhotoLibrary.photos(): scandir, lstat per file, sort (Node caches the scan: rescanMs)',
    });
    rows.push({ name: 'inside the Python provider: photos list call', value: parts.call, unit: 'µs', note: 'Provider.call, the scan included' });
    rows.push({
      name: 'inside the Python provider: + JSON line in and out',
      value: parts.json,
      unit: 'µs',
      note: 'json.loads of the request line, the call, json.dumps of the answer',
    });
    rows.push({
      name: 'inside the Python provider: + the thread pool',
      value: parts.pool,
      unit: 'µs',
      note: 'the same submitted to a ThreadPoolExecutor(8) and awaited, as Connection.dispatch does',
    });
    rows.push({ name: 'load average (1 min) per round', value: median(loads), unit: '', note: loads.map((l) => l.toFixed(2)).join(' · ') });
    return rows;
  } finally {
    for (const server of Object.values(servers)) await server.close().catch(() => undefined);
    for (const s of spawned) await s.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printTable(await run());
