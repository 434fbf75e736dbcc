/**
 * Finds a JDK and the Kotlin compiler the Kotlin compile test runs: the npm
 * registry's `kotlin-compiler` (JetBrains' full compiler distribution),
 * fetched once with `npm pack` and unpacked into
 * `node_modules/.cache/xcap-kotlinc/<version>` at the repository root, so a
 * second run reuses it (and npm's own cache makes a fresh clone's first run
 * skip the download when the machine has fetched it before).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `kotlin-compiler` version the test compiles with. */
export const kotlinCompilerVersion = '2.4.20';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the unpacked compiler is kept between runs. */
export const kotlincCache = join(repoRoot, 'node_modules', '.cache', 'xcap-kotlinc', kotlinCompilerVersion);

/** The `java` to run the compiler with (`$JAVA_HOME/bin/java`, else the first on PATH), or why there is none. */
export function findJava(): { java: string } | { reason: string } {
  const home = process.env['JAVA_HOME'];
  const candidates = [
    ...(home ? [join(home, 'bin', 'java')] : []),
    ...(process.env['PATH'] ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'java')),
  ];
  const java = candidates.find((c) => existsSync(c));
  if (!java) return { reason: `no JDK: java is not on PATH${home ? ` nor in JAVA_HOME (${home})` : ' and JAVA_HOME is not set'}` };
  const version = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const major = /version "(\d+)/.exec(version.stderr)?.[1];
  if (version.status !== 0 || major === undefined) return { reason: `${java} -version failed: ${version.stderr.trim() || version.error?.message}` };
  if (Number(major) < 11) return { reason: `${java} is Java ${major}; kotlinc ${kotlinCompilerVersion} needs 11 or later` };
  return { java };
}

/** The unpacked compiler: its `bin/kotlinc-jvm` and `lib/` folder, and whether this call downloaded it. */
export interface KotlinCompiler {
  readonly kotlinc: string;
  readonly lib: string;
  readonly fetched: boolean;
}

/**
 * The cached compiler, fetched and unpacked first when the cache lacks it
 * (a half-unpacked folder is never left as the cache: it is unpacked
 * beside it and renamed into place). Throws with npm's or tar's message.
 */
export function kotlinCompiler(): KotlinCompiler {
  const kotlinc = join(kotlincCache, 'bin', 'kotlinc-jvm');
  const lib = join(kotlincCache, 'lib');
  if (existsSync(kotlinc)) return { kotlinc, lib, fetched: false };
  mkdirSync(join(kotlincCache, '..'), { recursive: true });
  const work = mkdtempSync(join(kotlincCache, '..', 'fetch-'));
  try {
    // A nested npm must not take this workspace's npm_* settings, except where its cache and registry are.
    const keep = new Set(['npm_config_cache', 'npm_config_registry']);
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => keep.has(key.toLowerCase()) || !key.toLowerCase().startsWith('npm_')));
    const pack = spawnSync('npm', ['pack', `kotlin-compiler@${kotlinCompilerVersion}`, '--pack-destination', work, '--silent'], {
      cwd: work,
      env,
      encoding: 'utf8',
    });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball)
      throw new Error(`npm pack kotlin-compiler@${kotlinCompilerVersion} failed: ${pack.stderr.trim() || pack.error?.message}`);
    const untar = spawnSync('tar', ['xzf', tarball], { cwd: work, encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`tar xzf ${join(work, tarball)} failed: ${untar.stderr.trim()}`);
    try {
      renameSync(join(work, 'package'), kotlincCache);
    } catch (error) {
      // Another run unpacked it first: use theirs.
      if (!existsSync(kotlinc)) throw error;
    }
    return { kotlinc, lib, fetched: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
