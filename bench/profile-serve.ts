/**
 * Where `xcap serve`'s time goes: runs it (or, with `--bare`, the bare SDK v2
 * server of bench/bare-mcp-server.mjs, to compare) under `node --cpu-prof` over stdio,
 * makes `XCAP_PROFILE_CALLS` (default 5,000) calls of `photos__list
 * {"limit":1}` with the MCP SDK v2 client (one at a time, or 16 in flight
 * with `--concurrent`) after 500 to warm up, ends it, and prints the profile's self time — of the measured calls only — by
 * function and by where the code lives (the SDK, zod, our packages, SQLite,
 * Node internals, GC, idle). On demand, never in tests:
 *
 *   npm run build && node --import tsx bench/profile-serve.ts [legacy|modern] [--concurrent] [--bare]
 *
 * It also prints the server's CPU time and context switches per call, read
 * from Linux's `/proc`: the profiler samples wall time, so a process
 * preempted inside a system call (the answer's write, which wakes the
 * client) is counted in that call while it does not run.
 *
 * The raw `.cpuprofile` is kept (its path is printed) for Chrome DevTools.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { catalog } from '@xcap/catalog';
import { writeSampleAlbum } from './sample-album.js';
import { isMain } from './harness.js';

/** The parts of a V8 `.cpuprofile` this script reads. */
interface CpuProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number } }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Where a function's code lives, from its script URL. */
export function codeArea(url: string, functionName: string): string {
  if (url === '')
    return functionName === '(garbage collector)'
      ? 'GC'
      : functionName === '(idle)'
        ? 'idle'
        : functionName === '(program)'
          ? 'program (native, unattributed)'
          : `native ${functionName}`;
  if (url.startsWith('node:')) return 'Node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg !== undefined) return pkg;
  const ours = /\/packages\/([^/]+)\//.exec(url)?.[1];
  return ours !== undefined ? `@xcap/${ours}` : url;
}

/**
 * Self time (µs) per function and per code area of a profile, counting only
 * the samples taken within `[from, to]` (µs of the monotonic clock V8 stamps
 * samples with, the one `process.hrtime` reads, shared by every process).
 */
export function selfTimes(
  profile: CpuProfile,
  from = -Infinity,
  to = Infinity,
): { byFunction: Map<string, number>; byArea: Map<string, number>; total: number } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (node === undefined || at < from || at > to) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*\/(node_modules|packages)\//, '$1/')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
    const area = codeArea(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + dt);
    total += dt;
  });
  return { byFunction, byArea, total };
}

/**
 * A process's CPU time (µs, all threads, in clock ticks) and context switches (main thread) from Linux's
 * `/proc`; `undefined` elsewhere or once it is gone.
 */
export function processCpu(pid: number | null): { userUs: number; systemUs: number; voluntary: number; involuntary: number } | undefined {
  if (pid === null) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const tick = 1_000_000 / 100; // USER_HZ
    const switches = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return {
      userUs: Number(fields[11]) * tick,
      systemUs: Number(fields[12]) * tick,
      voluntary: switches('voluntary_ctxt_switches'),
      involuntary: switches('nonvoluntary_ctxt_switches'),
    };
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const era = process.argv.includes('modern') ? 'modern' : 'legacy';
  const concurrent = process.argv.includes('--concurrent');
  const bare = process.argv.includes('--bare');
  const photosList = catalog.tools.find((t) => t.name === 'photos_list');
  if (photosList === undefined) throw new Error('no photos_list in the catalog');
  const bareTool = { name: 'photos__list', description: photosList.description, inputSchema: photosList.inputSchema, outputSchema: photosList.outputSchema };
  const calls = Math.max(100, Number(process.env['XCAP_PROFILE_CALLS'] ?? 5000));
  const xcapBin = fileURLToPath(new URL('../packages/host-node/bin/xcap.js', import.meta.url));
  const dir = await mkdtemp(join(os.tmpdir(), 'xcap-profile-'));
  const { photos, manifest } = await writeSampleAlbum(dir);
  const data = join(dir, 'data');
  execFileSync(process.execPath, [xcapBin, 'grant', 'acme.album', 'photos.read', '--data', data], { stdio: 'ignore' });
  const profiles = join(dir, 'profiles');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--cpu-prof',
      '--cpu-prof-dir',
      profiles,
      ...(bare
        ? [fileURLToPath(new URL('./bare-mcp-server.mjs', import.meta.url)), 'stdio']
        : [xcapBin, 'serve', '--manifest', manifest, '--data', data, '--photos', photos]),
    ],
    stderr: 'ignore',
    env: { NODE_OPTIONS: '', BARE_TOOL: JSON.stringify(bareTool) },
  });
  const client = new Client({ name: 'profile', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  await client.connect(transport);
  const call = async () => {
    const result = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
    if (result.isError === true) throw new Error(`tools/call failed: ${JSON.stringify(result)}`);
  };
  // Warm-up (JIT, caches), outside the window that is counted; the process's start is left out too.
  for (let i = 0; i < 500; i++) await call();
  const cpuBefore = processCpu(transport.pid);
  const from = Number(process.hrtime.bigint() / 1000n);
  const start = performance.now();
  if (concurrent) {
    let left = calls;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (left-- > 0) await call();
      }),
    );
  } else for (let i = 0; i < calls; i++) await call();
  const elapsed = performance.now() - start;
  const to = Number(process.hrtime.bigint() / 1000n);
  const cpuAfter = processCpu(transport.pid);
  await client.close();
  // The server writes its profile as it exits, after the end of stdin. Node writes one per process (and per worker
  // thread): the one that covers the measured calls is the server's main thread.
  let found: { file: string; times: ReturnType<typeof selfTimes> } | undefined;
  const seen: string[] = [];
  for (let waited = 0; found === undefined && waited < 15_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const name of (await readdir(profiles).catch(() => [] as string[])).filter((f) => f.endsWith('.cpuprofile') && !seen.includes(f))) {
      const text = await readFile(join(profiles, name), 'utf8').catch(() => '');
      if (!text.endsWith('}')) continue; // still being written
      seen.push(name);
      const times = selfTimes(JSON.parse(text) as CpuProfile, from, to);
      if (times.total > 0) found = { file: name, times };
    }
  }
  if (found === undefined) throw new Error(`no profile in ${profiles} has samples within the measured calls (${seen.length} read)`);
  const file = found.file;
  const { byFunction, byArea, total } = found.times;
  const busy = total - (byArea.get('idle') ?? 0);
  const perCall = (us: number) => `${(us / calls).toFixed(1).padStart(7)} µs/call`;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  console.log(
    `${bare ? 'bare SDK v2 server' : 'xcap serve'}, ${era} era, ${calls} calls ${concurrent ? '16 in flight' : 'one at a time'}: ${((calls * 1000) / elapsed).toFixed(0)} calls/s under the profiler; busy (not idle) ${perCall(busy)}, of wall time ${perCall(total)}`,
  );
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    const per = (a: number, b: number) => ((b - a) / calls).toFixed(1);
    // The profiler samples wall time: a process preempted in a system call (the answer's write waking the client) is sampled there while it does not run.
    console.log(
      `server CPU time (/proc, all threads, the profiler's own sampling included): user ${per(cpuBefore.userUs, cpuAfter.userUs)} + system ${per(cpuBefore.systemUs, cpuAfter.systemUs)} µs/call; context switches per call: ${per(cpuBefore.voluntary, cpuAfter.voluntary)} voluntary, ${per(cpuBefore.involuntary, cpuAfter.involuntary)} involuntary (preempted)`,
    );
  }
  console.log('\nself time by area (idle excluded):');
  for (const [area, us] of [...byArea].filter(([a]) => a !== 'idle').sort((a, b) => b[1] - a[1])) console.log(`  ${pct(us)} ${perCall(us)}  ${area}`);
  console.log('\ntop functions by self time:');
  for (const [name, us] of [...byFunction]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`  ${pct(us)} ${perCall(us)}  ${name}`);
  console.log(`\nprofile: ${join(profiles, file)}`);
}

if (isMain(import.meta.url)) await main();
