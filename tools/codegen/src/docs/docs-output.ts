/**
 * Writes the catalog reference into its folder, or checks that the folder
 * holds exactly it. The folder belongs to the generator: any other file in
 * it is unexpected (`--check`) or removed (writing).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { GeneratedFile } from '../generated-file.js';
import type { OutputProblem } from '../write-output.js';

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** Every reference file that is missing or differs, and every file in `dir` that is not one. */
export function checkDocs(dir: string, files: readonly GeneratedFile[]): OutputProblem[] {
  const wanted = new Map(files.map((f) => [f.path, f.content]));
  const problems: OutputProblem[] = [];
  for (const [path, content] of wanted) {
    const abs = join(dir, path);
    if (!existsSync(abs)) problems.push({ path, problem: 'missing' });
    else if (readFileSync(abs, 'utf8') !== content) problems.push({ path, problem: 'stale' });
  }
  for (const path of listFiles(dir)) if (!wanted.has(path)) problems.push({ path, problem: 'unexpected' });
  return problems;
}

/** Writes the reference into `dir`: changed files only, and removes files it does not hold. Answers the paths written. */
export function writeDocs(dir: string, files: readonly GeneratedFile[]): string[] {
  const wanted = new Set(files.map((f) => f.path));
  for (const path of listFiles(dir)) if (!wanted.has(path)) rmSync(join(dir, path));
  const written: string[] = [];
  for (const file of files) {
    const abs = join(dir, file.path);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === file.content) continue;
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, file.content);
    written.push(file.path);
  }
  return written;
}
