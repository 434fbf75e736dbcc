import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tools/test-support/src/ensure-fresh-build.ts). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A build output that tests run, with what it is built from and who builds it. */
export interface BuildOutput {
  /** The nx project whose `build` target writes it, e.g. `@xcap/host-node`. */
  readonly project: string;
  /** The output file (absolute) the tests run; its modification time stands for the build's. */
  readonly output: string;
  /** Folders and files (absolute) it is built from: every file under a folder counts (node_modules and dist skipped). */
  readonly inputs: readonly string[];
  /**
   * A bundle's metafile (written by the build next to the output): every module it lists counts as an
   * input, and a module from a package's `dist/…/x.js` brings that package's `src/…/x.ts` too, so a source of any
   * `@xcap/*` package the bundle holds makes it stale. `metafile` lists them in `inputs` (esbuild's, and bundle-cli's
   * `meta.json`: every module of the graph) or only in `modules` (output file → its inputs); both name inputs relative
   * to `workingDir`.
   */
  readonly bundle?: { readonly metafile: string; readonly workingDir: string };
}

/** The newest input file of `build` and its modification time (ms); undefined when it has none. */
interface Newest {
  readonly file: string;
  readonly mtimeMs: number;
}

/** A bound on the files looked at under one input folder: a folder this large is a mistake (node_modules listed as an input). */
const maxFilesPerInput = 20_000;
/** How long a test waits for another process's build of the same project before giving up. */
const lockWaitMs = 10 * 60_000;

/** The newest file under `path` (a file or a folder; node_modules and dist skipped), or undefined when there is none. */
function newestUnder(path: string, counter = { files: 0 }): Newest | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  if (!stat.isDirectory()) return { file: path, mtimeMs: stat.mtimeMs };
  let newest: Newest | undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (++counter.files > maxFilesPerInput)
      throw new Error(`ensureFreshBuild: more than ${maxFilesPerInput} files under ${path}: list its source folders instead`);
    const found = newestUnder(join(path, entry.name), counter);
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** The files a bundle's metafile lists (absolute), each `…/dist/…/x.js` followed by its `…/src/…/x.ts` when that exists. */
export function bundleInputs(metafile: string, workingDir: string): string[] {
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as { inputs?: Record<string, unknown>; modules?: Record<string, readonly string[]> };
  const listed = new Set<string>(meta.inputs ? Object.keys(meta.inputs) : Object.values(meta.modules ?? {}).flat());
  if (listed.size === 0) throw new Error(`ensureFreshBuild: ${metafile} lists no inputs (neither esbuild's "inputs" nor "modules")`);
  const files: string[] = [];
  for (const input of listed) {
    const file = resolve(workingDir, input);
    files.push(file);
    const source = file.replace(/([/\\])dist([/\\].*)\.js$/, '$1src$2.ts');
    if (source !== file && existsSync(source)) files.push(source);
  }
  return files;
}

/** The folder of the build locks and stamps. */
const stateDir = join(repoRoot, 'node_modules/.cache/xcap-fresh-build');

/** The stamp a successful build of `project` through this helper leaves (under node_modules/.cache): its modification time is when that build started. */
export function buildStamp(project: string): string {
  return join(stateDir, `${project.replace(/[^a-z0-9-]+/gi, '_')}.built`);
}

/** The modification time of `file` (ms), 0 when it does not exist. */
function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Why `build` must be built again, or undefined when it is fresh: its output (or its bundle's metafile) is missing,
 * or an input is newer than both the output and the last successful build of its project through this helper (the
 * message names both). The stamp counts because nx replays a cached build with the cached files' old times.
 */
export function staleReason(build: BuildOutput): string | undefined {
  if (!existsSync(build.output)) return `${build.output} is missing`;
  if (build.bundle && !existsSync(build.bundle.metafile)) return `${build.bundle.metafile} (the bundle's list of inputs) is missing`;
  const built = Math.max(statSync(build.output).mtimeMs, mtimeOf(buildStamp(build.project)));
  const inputs = [...build.inputs, ...(build.bundle ? bundleInputs(build.bundle.metafile, build.bundle.workingDir) : [])];
  let newest: Newest | undefined;
  for (const input of inputs) {
    const found = newestUnder(input);
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  if (newest && newest.mtimeMs > built) return `${relative(repoRoot, newest.file)} is newer than ${relative(repoRoot, build.output)}`;
  return undefined;
}

/** Blocks the thread for `ms` (the helper is synchronous so that `beforeAll(requireBuilt)` reads as it does). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** True when process `pid` is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock `name` (a folder under node_modules/.cache, created atomically), waiting for another process's; a dead holder's lock is taken over. Returns the release. */
function lock(name: string): () => void {
  const dir = join(stateDir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.lock`);
  mkdirSync(dirname(dir), { recursive: true });
  const start = Date.now();
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    } catch {
      // Just created, its pid not written yet: wait.
    }
    if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(dir, { recursive: true, force: true });
    else if (Date.now() - start > lockWaitMs) throw new Error(`ensureFreshBuild: ${dir} held by process ${holder} for ${lockWaitMs / 60_000} minutes`);
    else sleep(200);
  }
}

/** The environment of the nested build: the caller's, without what vitest and an outer nx task set for themselves. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
  for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST') || key.startsWith('NX_TASK')) delete env[key];
  return env;
}

/**
 * Makes sure the tests run builds of the current sources: when an output of `builds` is missing or older than one
 * of its inputs, runs the builds of the stale ones' projects once (`npx nx run-many -t build --projects=…`, which
 * builds their dependencies too, or replays them from nx's cache), with a lock so that test files (or packages)
 * checking at once build once, stamps each project built, then checks again. Fails naming the stale file when the
 * build fails or leaves it stale, and, with `XCAP_FRESH_BUILD=check` in the environment, instead of building. A fresh
 * output costs a few hundred `stat` calls.
 */
export function ensureFreshBuilds(builds: readonly BuildOutput[]): void {
  const stale = () => builds.map((build) => ({ build, reason: staleReason(build) })).filter((s) => s.reason !== undefined);
  const first = stale();
  if (first.length === 0) return;
  const projects = [...new Set(first.map((s) => s.build.project))].sort();
  const command = `npx nx run-many -t build --projects=${projects.join(',')}`;
  if (process.env.XCAP_FRESH_BUILD === 'check')
    throw new Error(`${first.map((s) => s.reason).join('; ')}: build first (${command}); XCAP_FRESH_BUILD=check forbids building here`);
  const release = lock('build');
  try {
    // Another process may have built them while this one waited for the lock.
    const still = stale();
    if (still.length === 0) return;
    const names = [...new Set(still.map((s) => s.build.project))].sort();
    const run = `npx nx run-many -t build --projects=${names.join(',')}`;
    process.stderr.write(`ensureFreshBuild: ${still.map((s) => s.reason).join('; ')}: ${run}\n`);
    const started = Date.now();
    const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', `--projects=${names.join(',')}`, '--outputStyle=stream'], {
      cwd: repoRoot,
      env: buildEnv(),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // nx answers a project it does not know with "No tasks were run" and exit 0.
    if (result.status !== 0 || !/Successfully ran target build/.test(result.stdout)) {
      const output = `${result.stdout}${result.stderr}`.trim().split('\n').slice(-40).join('\n');
      throw new Error(`${still.map((s) => s.reason).join('; ')}, and ${run} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`);
    }
    // The stamp's time is the build's start: a source saved while it ran stays newer.
    for (const name of names) {
      writeFileSync(buildStamp(name), `${run}\n`);
      utimesSync(buildStamp(name), new Date(started), new Date(started));
    }
    const after = stale();
    if (after.length > 0) throw new Error(`${after.map((s) => s.reason).join('; ')} after ${run}: the build does not write it`);
  } finally {
    release();
  }
}

/** {@link ensureFreshBuilds} of one output. */
export function ensureFreshBuild(build: BuildOutput): void {
  ensureFreshBuilds([build]);
}
