/**
 * MCP tools/call through `xcap serve` (the whole host: decide with the
 * grant file, bridge with the folder photo library, one SQLite audit row per
 * call committed before the answer) against a bare SDK `Server` answering
 * the same tool (same schemas) with no broker, bridge or audit — once with a
 * fixed result, once with the same Node photos provider — side by side in one
 * run with the same SDK client over stdio: calls per second one at a time
 * (with p50/p99 latency) and with 16 calls in flight, plus the same call
 * through the call path in-process, and the call path's own time inside
 * xcap serve (its audit rows' durationMs). Target: ≥ 0.8× the bare server. Needs
 * the built packages (`npm run bench` builds first).
 */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { catalog } from '../packages/catalog/src/index.js';
import { SqliteAuditSink, createNodeHost, runCli } from '../packages/host-node/src/index.js';
import { samplePhotos } from '../packages/host-testing/src/index.js';
import { type BenchRow, isMain, printTable } from './harness.js';

const xcapBin = fileURLToPath(new URL('../packages/host-node/bin/xcap.js', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const target = 0.8;
const inFlight = 16;

const photosList = catalog.tools.find((t) => t.name === 'photos_list');
if (photosList === undefined) throw new Error('no photos_list in the catalog');
const bareTool = { name: 'photos__list', description: photosList.description, inputSchema: photosList.inputSchema, outputSchema: photosList.outputSchema };

/**
 * The bare server: the SDK's low-level Server with one tool (photos__list's
 * schemas, so the client checks the same) and no broker, bridge or audit.
 * `native`: it answers with the same Node photos provider xcap serve uses
 * (the folder in XCAP_BENCH_PHOTOS); otherwise with a fixed result.
 */
const bareServer = (native: boolean) => `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
${native ? "import { createPhotosProvider } from '@xcap/host-node';" : ''}
const fixed = { photos: [{ id: 'Sunset.png', name: 'Sunset.png', mimeType: 'image/png', takenAt: null }], cursor: null };
${native ? 'const photos = createPhotosProvider({ dir: process.env.XCAP_BENCH_PHOTOS });' : ''}
const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [${JSON.stringify(bareTool)}] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const structuredContent = ${native ? '(await photos.list({ limit: request.params.arguments?.limit ?? 50 })).structuredContent' : 'fixed'};
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
});
await server.connect(new StdioServerTransport());
process.stdin.once('end', () => process.exit(0));
`;

interface Connection {
  readonly client: Client;
  close(): Promise<void>;
}

async function connect(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<Connection> {
  const transport = new StdioClientTransport({ command, args: [...args], cwd: root, stderr: 'ignore', env });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, close: () => client.close() };
}

const call = (c: Connection) => c.client.callTool({ name: 'photos__list', arguments: { limit: 1 } });

/** Calls one at a time for `ms`: calls/s and the latencies' p50/p99 in ms. */
async function sequential(c: Connection, ms: number): Promise<{ rate: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  while (performance.now() - start < ms) {
    const t = performance.now();
    const result = await call(c);
    if (result.isError === true) throw new Error(`tools/call failed: ${JSON.stringify(result)}`);
    latencies.push(performance.now() - t);
  }
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rate: (latencies.length * 1000) / elapsed, p50: at(0.5), p99: at(0.99) };
}

/** `inFlight` callers for `ms`: calls/s. */
async function concurrent(c: Connection, ms: number): Promise<number> {
  let calls = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() - start < ms) {
        const result = await call(c);
        if (result.isError === true) throw new Error(`tools/call failed: ${JSON.stringify(result)}`);
        calls++;
      }
    }),
  );
  return (calls * 1000) / (performance.now() - start);
}

/** Measures xcap serve and the bare server, interleaved over three rounds, best round each. */
export async function run(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'xcap-bench-mcp-'));
  const photos = join(dir, 'photos');
  await mkdir(photos);
  for (const [i, photo] of samplePhotos().entries()) {
    const file = join(photos, photo.name);
    await writeFile(file, Buffer.from(photo.data, 'base64'));
    await utimes(file, new Date(Date.UTC(2026, 6, 14 + i)), new Date(Date.UTC(2026, 6, 14 + i)));
  }
  const manifest = join(dir, 'app.json');
  await writeFile(manifest, JSON.stringify({ id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }] }));
  const data = join(dir, 'data');
  const granted = await runCli(['grant', 'acme.album', 'photos.read', '--data', data], { stdout: () => undefined, stderr: (t) => void process.stderr.write(t), env: {} });
  if (granted !== 0) throw new Error('xcap grant failed');

  const xcap = await connect(process.execPath, [xcapBin, 'serve', '--manifest', manifest, '--data', data, '--photos', photos]);
  const bare = await connect(process.execPath, ['--input-type=module', '-e', bareServer(false)]);
  const bareNative = await connect(process.execPath, ['--input-type=module', '-e', bareServer(true)], { XCAP_BENCH_PHOTOS: photos });
  const servers = { xcap, bare, bareNative };
  type Name = keyof typeof servers;
  const seq: Record<Name, { rate: number; p50: number; p99: number }> = { xcap: { rate: 0, p50: 0, p99: 0 }, bare: { rate: 0, p50: 0, p99: 0 }, bareNative: { rate: 0, p50: 0, p99: 0 } };
  const con: Record<Name, number> = { xcap: 0, bare: 0, bareNative: 0 };
  const names = Object.keys(servers) as Name[];
  /** When xcap serve was called one at a time (start, end as ISO times), to pick its audit rows out later. */
  const oneAtATime: [string, string][] = [];
  try {
    for (const c of Object.values(servers)) for (let i = 0; i < 200; i++) await call(c);
    for (let round = 0; round < 3; round++) {
      for (const name of names) {
        const from = new Date().toISOString();
        const measured = await sequential(servers[name], 1000);
        if (name === 'xcap') oneAtATime.push([from, new Date().toISOString()]);
        if (measured.rate > seq[name].rate) seq[name] = measured;
      }
      for (const name of names) con[name] = Math.max(con[name], await concurrent(servers[name], 1000));
    }
  } finally {
    for (const c of Object.values(servers)) await c.close();
  }
  // Where the time goes, 1: the call path's own time inside xcap serve, one call at a time (each row's durationMs: decide, bridge, native; the audit commit after it is not counted).
  const served = new SqliteAuditSink(join(data, 'audit.sqlite'));
  const durations = served
    .query()
    .filter((r) => oneAtATime.some(([from, to]) => r.at >= from && r.at <= to))
    .map((r) => r.durationMs ?? 0);
  served.close();
  const servedCallPathMs = durations.reduce((a, b) => a + b, 0) / Math.max(1, durations.length);
  // Where the time goes, 2: the same call through the host's call path in-process (same stores and providers, no MCP, no stdio).
  const host = await createNodeHost({ manifest: JSON.parse(await readFile(manifest, 'utf8')) as unknown, dataDir: join(dir, 'in-process'), photosDir: photos });
  await host.grants.set('acme.album', 'photos.read', 'granted');
  const inProcess = async () => host.callPath.call({ from: 'agent', name: 'photos__list', arguments: { limit: 1 }, foreground: false, client: 'bench' });
  for (let i = 0; i < 200; i++) await inProcess();
  let inProcessCalls = 0;
  const inProcessStart = performance.now();
  while (performance.now() - inProcessStart < 1500) {
    await inProcess();
    inProcessCalls++;
  }
  const inProcessRate = (inProcessCalls * 1000) / (performance.now() - inProcessStart);
  await host.close();
  await rm(dir, { recursive: true, force: true });

  const ratio = (a: number, b: number, what: string) => `${(a / b).toFixed(2)}× ${what} (target ≥ ${target}× the bare server)`;
  return [
    { name: 'xcap serve tools/call, one at a time', value: seq.xcap.rate, unit: 'calls/s', note: `${ratio(seq.xcap.rate, seq.bare.rate, 'the bare server')}; ${(seq.xcap.rate / seq.bareNative.rate).toFixed(2)}× bare + native` },
    { name: 'bare SDK server, fixed answer, one at a time', value: seq.bare.rate, unit: 'calls/s', note: 'one tool, no broker/bridge/audit' },
    { name: 'bare SDK server + photos provider, one at a time', value: seq.bareNative.rate, unit: 'calls/s', note: 'the same native list, no broker/bridge/audit' },
    { name: 'xcap serve latency p50', value: seq.xcap.p50, unit: 'ms', note: `p99 ${seq.xcap.p99.toFixed(2)} ms` },
    { name: 'bare SDK server latency p50', value: seq.bare.p50, unit: 'ms', note: `p99 ${seq.bare.p99.toFixed(2)} ms` },
    { name: 'bare + photos provider latency p50', value: seq.bareNative.p50, unit: 'ms', note: `p99 ${seq.bareNative.p99.toFixed(2)} ms` },
    { name: `xcap serve tools/call, ${inFlight} in flight`, value: con.xcap, unit: 'calls/s', note: `${ratio(con.xcap, con.bare, 'the bare server')}; ${(con.xcap / con.bareNative).toFixed(2)}× bare + native` },
    { name: `bare SDK server, fixed answer, ${inFlight} in flight`, value: con.bare, unit: 'calls/s' },
    { name: `bare + photos provider, ${inFlight} in flight`, value: con.bareNative, unit: 'calls/s' },
    { name: 'call path inside xcap serve, one at a time, rows\' durationMs avg', value: servedCallPathMs, unit: 'ms', note: `${durations.length} rows of the one-at-a-time runs; the audit commit not counted` },
    { name: 'the same call, call path in-process', value: inProcessRate, unit: 'calls/s', note: 'no MCP, no stdio: the host\'s own work (grant file, photo folder, SQLite row)' },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
