/**
 * Writes a generation into an output folder, or checks that the folder
 * already holds exactly it (`--check`).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Generation } from './generate.js';
import type { OutputLayout } from './layout.js';

/** The folders (relative to the output root) the generator owns entirely in the package layout. */
export const generatedDirs = ['src/generated', 'native'] as const;

/** The folders the generator owns entirely: in a standalone output, the whole folder. */
export function ownedDirs(layout: OutputLayout = 'package'): readonly string[] {
  return layout === 'package' ? generatedDirs : [''];
}

/** One difference between the folder and the generation. */
export interface OutputProblem {
  readonly path: string;
  readonly problem: 'missing' | 'stale' | 'unexpected';
}

/**
 * The layout of an output folder: `package` when it is the `@xcap/catalog`
 * package's own folder (its package.json names `@xcap/catalog` and
 * `src/runtime.ts` holds the runtime the generated code imports), else
 * `standalone`. An installed `@xcap/catalog` (no sources) is refused: its
 * built code would not change.
 */
export function detectLayout(outDir: string): OutputLayout {
  const pkgPath = join(outDir, 'package.json');
  if (!existsSync(pkgPath)) return 'standalone';
  let name: unknown;
  try {
    name = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { name?: unknown }).name;
  } catch {
    return 'standalone';
  }
  if (name !== '@xcap/catalog') return 'standalone';
  if (!existsSync(join(outDir, 'src/runtime.ts'))) {
    throw new Error(`${outDir} is an installed @xcap/catalog (no src/runtime.ts); generate into a folder of your own project (--out src/xcap)`);
  }
  return 'package';
}

/**
 * Refuses to take over a standalone folder that holds files the generator
 * did not write (no generated README on top): `--out src` must not delete a
 * project's sources.
 */
export function assertStandaloneFolder(outDir: string): void {
  if (!existsSync(outDir)) return;
  if (!statSync(outDir).isDirectory()) throw new Error(`${outDir} is not a folder`);
  if (readdirSync(outDir).length === 0) return;
  const readme = join(outDir, 'README.md');
  const generated = existsSync(readme) && readFileSync(readme, 'utf8').startsWith('<!-- generated from ');
  if (!generated) throw new Error(`${outDir} holds files xcap-codegen did not write; generate into an empty or earlier generated folder`);
}

function listFiles(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
}

function packageJsonWithMeta(outDir: string, gen: Generation): { path: string; before: string; after: string } | null {
  if ((gen.layout ?? 'package') !== 'package') return null;
  const path = join(outDir, 'package.json');
  if (!existsSync(path)) return null;
  const before = readFileSync(path, 'utf8');
  const pkg = JSON.parse(before) as Record<string, unknown>;
  pkg.xcap = { catalogSha256: gen.meta.catalogSha256, generatorVersion: gen.meta.generatorVersion };
  return { path, before, after: `${JSON.stringify(pkg, null, 2)}\n` };
}

/** Every file that is missing, differs, or should not be there; plus package.json's metadata. */
export function checkOutput(outDir: string, gen: Generation): OutputProblem[] {
  const problems: OutputProblem[] = [];
  const wanted = new Map(gen.files.map((f) => [f.path, f.content]));
  for (const [path, content] of wanted) {
    const abs = join(outDir, path);
    if (!existsSync(abs)) problems.push({ path, problem: 'missing' });
    else if (readFileSync(abs, 'utf8') !== content) problems.push({ path, problem: 'stale' });
  }
  for (const dir of ownedDirs(gen.layout)) {
    for (const path of listFiles(outDir, dir)) if (!wanted.has(path)) problems.push({ path, problem: 'unexpected' });
  }
  const pkg = packageJsonWithMeta(outDir, gen);
  if (pkg && pkg.before !== pkg.after) problems.push({ path: 'package.json', problem: 'stale' });
  return problems;
}

/** Writes the generation: every file, removes files of the owned folders it does not hold, updates package.json's `xcap`. */
export function writeOutput(outDir: string, gen: Generation): string[] {
  const written: string[] = [];
  const wanted = new Set(gen.files.map((f) => f.path));
  for (const dir of ownedDirs(gen.layout)) {
    for (const path of listFiles(outDir, dir)) if (!wanted.has(path)) rmSync(join(outDir, path));
  }
  for (const file of gen.files) {
    const abs = join(outDir, file.path);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === file.content) continue;
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, file.content);
    written.push(file.path);
  }
  const pkg = packageJsonWithMeta(outDir, gen);
  if (pkg && pkg.before !== pkg.after) {
    writeFileSync(pkg.path, pkg.after);
    written.push('package.json');
  }
  return written;
}
