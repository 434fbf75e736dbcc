/**
 * MCP tools/call through `xcap serve` (the whole host: decide with the grant
 * file, bridge with the folder photo library, one SQLite audit row per call
 * committed before the answer) against a bare MCP SDK v2 server answering
 * the same one tool (same schemas, so the client checks the same
 * outputSchema) with a fixed result and no broker, bridge or audit
 * (`bench/bare-mcp-server.mjs`). Side by side in one run, with the same v2
 * client (`@modelcontextprotocol/client`), in both protocol eras (legacy:
 * the default `initialize`; modern: pinned to 2026-07-28):
 *
 * - stdio (`serveStdio` vs `xcap serve`): one call at a time, and 16 in flight;
 * - Streamable HTTP (`createMcpHandler` behind `toNodeHandler` vs `xcap serve
 *   --http` with a bearer token): one at a time, and 16 in flight.
 *
 * Every pair is measured back to back, the order alternating from round to
 * round (ABBA), for a fixed time each; the ratio xcap/bare of each round is
 * kept and the median and range reported against the targets: stdio ≥ 0.7×
 * one at a time and ≥ 0.8× with 16 in flight; HTTP ≥ 0.8× with 16 in flight.
 * Over stdio also a third server, the bare one answering with the same Node
 * photos provider (the native's own cost), and the ratio to it. Also: the
 * same call through the host's call path in-process (no MCP). The v2 HTTP
 * client's fetch leaves an abort listener per request on one AbortSignal
 * until garbage collection, and Node warns past 1,500: those warnings are
 * counted, not printed (printing thousands of them would cost the client
 * more than the calls).
 * Also the servers' CPU time per call (Linux: `/proc/<pid>/stat`, all
 * threads), xcap serve / bare per round: steadier than the rates on a
 * shared machine.
 * Needs the built packages (`npm run bench` builds first). Rounds:
 * `XCAP_BENCH_ROUNDS` (default 5); time per measurement: `XCAP_BENCH_MS`
 * (default 1000).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
// The built packages, as the spawned `xcap serve` runs them.
import { catalog } from '@xcap/catalog';
import { createNodeHost } from '@xcap/host-node';
import { writeSampleAlbum } from './sample-album.js';
import { type BenchRow, isMain, printTable } from './harness.js';
import { processCpuTime } from './process-cpu-time.js';
import { listeningUrl } from '@xcap/test-support';

const xcapBin = fileURLToPath(new URL('../packages/host-node/bin/xcap.js', import.meta.url));
const bareBin = fileURLToPath(new URL('./bare-mcp-server.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const inFlight = 16;
const rounds = Math.max(1, Number(process.env['XCAP_BENCH_ROUNDS'] ?? 5));
const measureMs = Math.max(100, Number(process.env['XCAP_BENCH_MS'] ?? 1000));

type Era = 'legacy' | 'modern';
type Transport = 'stdio' | 'http';
type Mode = 'one at a time' | '16 in flight';
const eras: readonly Era[] = ['legacy', 'modern'];

/** The targets of issue 15: xcap serve / the bare server, per transport and mode. */
const targets: Record<Transport, Partial<Record<Mode, number>>> = {
  stdio: { 'one at a time': 0.7, '16 in flight': 0.8 },
  http: { '16 in flight': 0.8 },
};

const photosList = catalog.tools.find((t) => t.name === 'photos_list');
if (photosList === undefined) throw new Error('no photos_list in the catalog');
const bareTool = { name: 'photos__list', description: photosList.description, inputSchema: photosList.inputSchema, outputSchema: photosList.outputSchema };

/** One connected client. */
interface Connection {
  call(): Promise<CallToolResult>;
  close(): Promise<void>;
  /** The serving process (its CPU time is read from /proc). */
  readonly pid?: number;
}

const clientOptions = (era: Era) => (era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {});

async function connected(client: Client, era: Era, transport: Parameters<Client['connect']>[0], pid?: () => number | null | undefined): Promise<Connection> {
  await client.connect(transport);
  const server = pid?.() ?? undefined;
  if (client.getProtocolEra() !== era) throw new Error(`the client negotiated ${String(client.getProtocolEra())}, not ${era}`);
  await client.listTools();
  return {
    call: () => client.callTool({ name: 'photos__list', arguments: { limit: 1 } }),
    close: () => client.close(),
    ...(server === null || server === undefined ? {} : { pid: server }),
  };
}

/** Spawns a stdio server (`args` after node) and connects the v2 client in `era`. */
function stdioConnection(args: readonly string[], era: Era, env: Record<string, string> = {}): Promise<Connection> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...args], cwd: root, stderr: 'ignore', env: { NODE_OPTIONS: '', ...env } });
  return connected(new Client({ name: 'bench', version: '1.0.0' }, clientOptions(era)), era, transport, () => transport.pid);
}

/** Connects the v2 client to a Streamable HTTP endpoint in `era`, with a bearer token. */
function httpConnection(server: HttpProcess, token: string, era: Era): Promise<Connection> {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  return connected(new Client({ name: 'bench', version: '1.0.0' }, clientOptions(era)), era, transport, () => server.pid);
}

/** A spawned HTTP server process and the URL it printed. */
interface HttpProcess {
  readonly url: string;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** Spawns `node <args>` and waits (up to 15 s) for `listening on <url>,` on its stderr. */
async function httpProcess(args: readonly string[], env: Record<string, string>): Promise<HttpProcess> {
  const child: ChildProcess = spawn(process.execPath, [...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { url } = await listeningUrl(child, args.join(' '));
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const checked = (result: CallToolResult) => {
  if (result.isError === true) throw new Error(`tools/call failed: ${JSON.stringify(result)}`);
};

/** One call at a time for `measureMs`: calls/s and the latencies' p50/p99 in ms. */
async function sequential(c: Connection): Promise<{ rate: number; p50: number; p99: number; calls: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  while (performance.now() - start < measureMs) {
    const t = performance.now();
    checked(await c.call());
    latencies.push(performance.now() - t);
  }
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rate: (latencies.length * 1000) / elapsed, p50: at(0.5), p99: at(0.99), calls: latencies.length };
}

/** `inFlight` callers for `measureMs`: calls/s. */
async function concurrent(c: Connection): Promise<{ rate: number; p50: number; p99: number; calls: number }> {
  let calls = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() - start < measureMs) {
        checked(await c.call());
        calls++;
      }
    }),
  );
  return { rate: (calls * 1000) / (performance.now() - start), p50: NaN, p99: NaN, calls };
}

/** A data dir under `dir` with photos.read granted to the album app and a token `bench` (for HTTP), made with the xcap CLI. */
function dataDir(dir: string, name: string): { data: string; token: string } {
  const data = join(dir, name);
  const xcap = (...args: string[]) =>
    execFileSync(process.execPath, [xcapBin, ...args, '--data', data], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  xcap('grant', 'acme.album', 'photos.read');
  return { data, token: xcap('token', 'add', 'bench').trim() };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

/** Measures every pair, interleaved over `rounds` rounds (ABBA), and reports ratios with ranges. */
export async function run(): Promise<BenchRow[]> {
  let abortWarnings = 0;
  const emitWarning = process.emitWarning.bind(process);
  const passOn = emitWarning as (w: string | Error, ...r: unknown[]) => void;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    if (warning instanceof Error && warning.name === 'MaxListenersExceededWarning') abortWarnings++;
    else passOn(warning, ...rest);
  };
  const dir = await mkdtemp(join(os.tmpdir(), 'xcap-bench-mcp-'));
  const open: Connection[] = [];
  const processes: HttpProcess[] = [];
  try {
    const { photos, manifest } = await writeSampleAlbum(dir);
    const serveArgs = (data: string) => [xcapBin, 'serve', '--manifest', manifest, '--data', data, '--photos', photos];
    const bareEnv = { BARE_TOOL: JSON.stringify(bareTool) };

    // One data dir per xcap serve process, so no two share an audit log.
    const spaces = {
      legacy: dataDir(dir, 'data-stdio-legacy'),
      modern: dataDir(dir, 'data-stdio-modern'),
      http: dataDir(dir, 'data-http'),
    };
    const xcapHttp = await httpProcess([...serveArgs(spaces.http.data), '--http', '127.0.0.1:0'], {});
    processes.push(xcapHttp);
    const bareHttp = await httpProcess([bareBin, 'http'], bareEnv);
    processes.push(bareHttp);

    const pairs: { transport: Transport; era: Era; bare: Connection; xcap: Connection; native?: Connection }[] = [];
    for (const era of eras) {
      const bare = await stdioConnection([bareBin, 'stdio'], era, bareEnv);
      const native = await stdioConnection([bareBin, 'stdio'], era, { ...bareEnv, BARE_PHOTOS: photos });
      const xcap = await stdioConnection(serveArgs(spaces[era].data), era);
      open.push(bare, native, xcap);
      pairs.push({ transport: 'stdio', era, bare, xcap, native });
    }
    for (const era of eras) {
      const bare = await httpConnection(bareHttp, spaces.http.token, era);
      const xcap = await httpConnection(xcapHttp, spaces.http.token, era);
      open.push(bare, xcap);
      pairs.push({ transport: 'http', era, bare, xcap });
    }

    // Warm-up: the JIT of both sides, the grant file and the photo folder's caches.
    for (const c of open) {
      for (let i = 0; i < 1000; i++) checked(await c.call());
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          for (let i = 0; i < 50; i++) checked(await c.call());
        }),
      );
    }

    type Key = `${Transport} ${Era} ${Mode}`;
    type Figures = { rate: number; p50: number; p99: number; cpu: number };
    const seen = new Map<Key, { bare: Figures[]; xcap: Figures[]; native: Figures[]; ratio: number[]; nativeRatio: number[] }>();
    const loads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      loads.push(os.loadavg()[0] ?? NaN);
      for (const pair of pairs) {
        for (const mode of ['one at a time', '16 in flight'] as const) {
          const measure = mode === 'one at a time' ? sequential : concurrent;
          const order = round % 2 === 0 ? (['bare', 'native', 'xcap'] as const) : (['xcap', 'native', 'bare'] as const);
          const got: Partial<Record<'bare' | 'xcap' | 'native', Figures>> = {};
          for (const who of order) {
            const connection = pair[who];
            if (connection === undefined) continue;
            const before = processCpuTime(connection.pid);
            const figures = await measure(connection);
            const after = processCpuTime(connection.pid);
            got[who] = { ...figures, cpu: before === undefined || after === undefined ? NaN : (after - before) / Math.max(1, figures.calls) };
          }
          const key: Key = `${pair.transport} ${pair.era} ${mode}`;
          const entry = seen.get(key) ?? { bare: [], xcap: [], native: [], ratio: [], nativeRatio: [] };
          entry.bare.push(got.bare!);
          entry.xcap.push(got.xcap!);
          entry.ratio.push(got.xcap!.rate / got.bare!.rate);
          if (got.native !== undefined) {
            entry.native.push(got.native);
            entry.nativeRatio.push(got.xcap!.rate / got.native.rate);
          }
          seen.set(key, entry);
        }
      }
    }
    loads.push(os.loadavg()[0] ?? NaN);

    // The same call through the host's call path in-process (same stores and providers, no MCP, no transport).
    const host = await createNodeHost({
      manifest: JSON.parse(await readFile(manifest, 'utf8')) as unknown,
      dataDir: join(dir, 'in-process'),
      photosDir: photos,
    });
    await host.grants.set('acme.album', 'photos.read', 'granted');
    const inProcess = () => host.callPath.call({ from: 'agent', name: 'photos__list', arguments: { limit: 1 }, foreground: false, client: 'bench' });
    for (let i = 0; i < 300; i++) await inProcess();
    let inProcessCalls = 0;
    const inProcessStart = performance.now();
    while (performance.now() - inProcessStart < measureMs) {
      await inProcess();
      inProcessCalls++;
    }
    const inProcessRate = (inProcessCalls * 1000) / (performance.now() - inProcessStart);
    await host.close();

    const rows: BenchRow[] = [];
    const fmt = (v: number) => v.toFixed(2);
    const ms = (v: number) => v.toFixed(3);
    for (const [key, entry] of seen) {
      const [transport, , ...rest] = key.split(' ') as [Transport, Era, ...string[]];
      const mode = rest.join(' ') as Mode;
      const target = targets[transport][mode];
      const ratio = median(entry.ratio);
      const verdict = target === undefined ? 'no target' : `target ≥ ${target}×: ${ratio >= target ? 'met' : `NOT met (${fmt(ratio / target)}× of it)`}`;
      rows.push({
        name: `${key}: xcap serve / bare v2`,
        value: ratio,
        unit: '×',
        note: `median of ${entry.ratio.length} rounds, range ${fmt(Math.min(...entry.ratio))}–${fmt(Math.max(...entry.ratio))}; ${verdict}`,
      });
      const latency = (runs: readonly { p50: number; p99: number }[]) =>
        Number.isNaN(runs[0]?.p50) ? '' : `; p50 ${ms(median(runs.map((r) => r.p50)))} ms, p99 ${ms(median(runs.map((r) => r.p99)))} ms`;
      const cpuRatios = entry.xcap.map((x, i) => x.cpu / (entry.bare[i]?.cpu ?? NaN)).filter((r) => Number.isFinite(r));
      if (cpuRatios.length > 0) {
        const cpu = (runs: readonly Figures[]) => median(runs.map((r) => r.cpu)).toFixed(0);
        rows.push({
          name: `${key}: server CPU per call, xcap serve / bare v2`,
          value: median(cpuRatios),
          unit: '×',
          note: `xcap serve ${cpu(entry.xcap)} µs, bare ${cpu(entry.bare)} µs a call (medians; /proc, all threads, 10 ms ticks); range ${fmt(Math.min(...cpuRatios))}–${fmt(Math.max(...cpuRatios))}`,
        });
      }
      rows.push({
        name: `${key}: xcap serve`,
        value: median(entry.xcap.map((r) => r.rate)),
        unit: 'calls/s',
        note: `range ${Math.round(Math.min(...entry.xcap.map((r) => r.rate)))}–${Math.round(Math.max(...entry.xcap.map((r) => r.rate)))}${latency(entry.xcap)}`,
      });
      const rates = (runs: readonly Figures[]) =>
        `range ${Math.round(Math.min(...runs.map((r) => r.rate)))}–${Math.round(Math.max(...runs.map((r) => r.rate)))}${latency(runs)}`;
      rows.push({ name: `${key}: bare v2 server`, value: median(entry.bare.map((r) => r.rate)), unit: 'calls/s', note: rates(entry.bare) });
      if (entry.native.length > 0) {
        rows.push({ name: `${key}: bare v2 + photos provider`, value: median(entry.native.map((r) => r.rate)), unit: 'calls/s', note: rates(entry.native) });
        rows.push({
          name: `${key}: xcap serve / bare + provider`,
          value: median(entry.nativeRatio),
          unit: '×',
          note: `range ${fmt(Math.min(...entry.nativeRatio))}–${fmt(Math.max(...entry.nativeRatio))}`,
        });
      }
    }
    rows.push({
      name: 'the same call, call path in-process',
      value: inProcessRate,
      unit: 'calls/s',
      note: "no MCP, no transport: the host's own work (grant file, photo folder, SQLite row)",
    });
    rows.push({ name: 'load average (1 min) per round', value: median(loads), unit: '', note: loads.map((l) => l.toFixed(2)).join(' · ') });
    rows.push({ name: 'MaxListenersExceededWarning (HTTP client), not printed', value: abortWarnings, unit: '' });
    return rows;
  } finally {
    process.emitWarning = emitWarning;
    for (const c of open) await c.close().catch(() => undefined);
    for (const p of processes) await p.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printTable(await run());
