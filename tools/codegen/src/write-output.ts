/**
 * Writes a generation into a catalog package folder, or checks that the
 * folder already holds exactly it (`--check`).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Generation } from './generate.js';

/** The folders (relative to the output root) the generator owns entirely. */
export const generatedDirs = ['src/generated', 'native'] as const;

/** One difference between the folder and the generation. */
export interface OutputProblem {
  readonly path: string;
  readonly problem: 'missing' | 'stale' | 'unexpected';
}

function listFiles(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
}

function packageJsonWithMeta(outDir: string, gen: Generation): { path: string; before: string; after: string } | null {
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
  for (const dir of generatedDirs) {
    for (const path of listFiles(outDir, dir)) if (!wanted.has(path)) problems.push({ path, problem: 'unexpected' });
  }
  const pkg = packageJsonWithMeta(outDir, gen);
  if (pkg && pkg.before !== pkg.after) problems.push({ path: 'package.json', problem: 'stale' });
  return problems;
}

/** Writes the generation: every file, removes files of the generated folders it does not hold, updates package.json's `xcap`. */
export function writeOutput(outDir: string, gen: Generation): string[] {
  const written: string[] = [];
  const wanted = new Set(gen.files.map((f) => f.path));
  for (const dir of generatedDirs) {
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
