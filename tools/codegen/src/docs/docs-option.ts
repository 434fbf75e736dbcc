/**
 * The generator's `--docs <dir>` option: where the catalog reference goes.
 * Without `--out` (the repository's own run into `packages/catalog`) it
 * defaults to the repository's `docs/catalog`; with `--out` (a standalone
 * generation) no reference is written unless `--docs` names a folder.
 */
import { join, relative, resolve } from 'node:path';
import type { OutputProblem } from '../write-output.js';
import { catalogDocs } from './catalog-docs.js';
import { checkDocs, writeDocs } from './docs-output.js';
import type { ToolTableText } from '../tool-table.js';

/** `argv` without `--docs <dir>`, and the reference's folder (`null`: none). */
export function takeDocsOption(argv: readonly string[], repoRoot: string): { readonly argv: string[]; readonly docs: string | null } {
  const rest: string[] = [];
  let docs: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a !== '--docs') {
      rest.push(a);
      continue;
    }
    const v = argv[++i];
    if (!v) throw new Error('--docs needs a value');
    docs = resolve(v);
  }
  if (docs === null && !rest.includes('--out')) docs = resolve(repoRoot, 'docs/catalog');
  return { argv: rest, docs };
}

/**
 * Checks (`check`) or writes the reference for the catalog text into `dir`;
 * problems and written paths come relative to `base` (the output folder the
 * caller reports paths from); `toolTable` adds each tool's title and hints. Nothing happens for `dir` null.
 */
export function docsStep(
  dir: string | null,
  catalogText: string,
  source: string,
  check: boolean,
  base: string,
  toolTable?: ToolTableText,
): { readonly files: number; readonly problems: OutputProblem[]; readonly written: string[] } {
  if (dir === null) return { files: 0, problems: [], written: [] };
  const files = catalogDocs(catalogText, source, toolTable);
  const rel = (path: string) => relative(base, join(dir, path)).split('\\').join('/');
  if (check) return { files: files.length, problems: checkDocs(dir, files).map((p) => ({ ...p, path: rel(p.path) })), written: [] };
  return { files: files.length, problems: [], written: writeDocs(dir, files).map(rel) };
}
