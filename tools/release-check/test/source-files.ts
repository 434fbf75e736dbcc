import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The TypeScript sources (`.ts`, `.tsx`, `.mts`; no `.d.ts`) under `dir`, recursively, sorted; none when `dir` does not exist. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}
