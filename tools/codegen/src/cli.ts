#!/usr/bin/env node
/**
 * `xcap-codegen --catalog <file> --out <dir> [--docs <dir>] [--check]`: generates
 * typed modules, validators, client, providers and native types from a catalog
 * document — into the `@xcap/catalog` package itself (package layout) or any
 * other folder (standalone layout, importing only `@xcap/catalog/runtime`; see
 * `layout.ts`). Inside the repository `--catalog` and `--out` default to
 * `fixtures/capabilities.json` and `packages/catalog`. `--check` writes nothing
 * and exits 1 naming every stale, missing or unexpected file; a bad catalog
 * exits 2 naming the file and every problem.
 * `--docs <dir>` writes the Markdown catalog reference there (default without
 * `--out`: the repository's `docs/catalog`; see `docs/docs-option.ts`).
 * `--annotations <file>` is the tool table (every tool's MCP title and hints,
 * `tool-table.ts`); by default `tool-annotations.json` beside the catalog,
 * required in the package layout, optional in a standalone folder.
 * `xcap-codegen diff <old.json> <new.json> …` classifies catalog changes (see `diff/diff-cli.ts`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogError, parseJsonText } from '@xcap/catalog/core';
import { processDiffIo, runDiffCli } from './diff/diff-cli.js';
import { docsStep, takeDocsOption } from './docs/docs-option.js';
import { generate } from './generate.js';
import { readCatalogText } from './read-catalog-text.js';
import type { OutputLayout } from './layout.js';
import { toolTableFileName, type ToolTableText } from './tool-table.js';
import { assertStandaloneFolder, checkOutput, detectLayout, writeOutput } from './write-output.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const usage =
  'usage: xcap-codegen --catalog <file> --out <dir> [--annotations <file>] [--docs <dir>] [--check]\n       xcap-codegen diff <old.json> <new.json> [--json] [--changeset [dir]]';

/** True when the CLI runs inside the xcap repository (its defaults exist), not from an installed package. */
const inRepository = existsSync(resolve(repoRoot, 'fixtures/capabilities.json')) && existsSync(resolve(repoRoot, 'packages/catalog/src/runtime.ts'));

interface Args {
  catalog: string | undefined;
  out: string | undefined;
  annotations: string | undefined;
  check: boolean;
}

function parseArgs(argv: readonly string[]): {
  readonly catalog: string;
  readonly out: string;
  readonly annotations: string | undefined;
  readonly check: boolean;
} {
  const args: Args = inRepository
    ? { catalog: resolve(repoRoot, 'fixtures/capabilities.json'), out: resolve(repoRoot, 'packages/catalog'), annotations: undefined, check: false }
    : { catalog: undefined, out: undefined, annotations: undefined, check: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') args.check = true;
    else if (a === '--catalog' || a === '--out' || a === '--annotations') {
      const v = argv[++i];
      if (!v) throw new Error(`${a} needs a value\n${usage}`);
      args[a === '--catalog' ? 'catalog' : a === '--out' ? 'out' : 'annotations'] = resolve(v);
    } else if (a === '--help' || a === '-h') {
      console.log(usage);
      process.exit(0);
    } else throw new Error(`unknown argument ${a}\n${usage}`);
  }
  if (args.catalog === undefined || args.out === undefined) throw new Error(`--catalog and --out are required\n${usage}`);
  return { catalog: args.catalog, out: args.out, annotations: args.annotations, check: args.check };
}

/**
 * The tool table: `--annotations`, else `tool-annotations.json` beside the
 * catalog. The package layout needs one (every listed tool gets a title and
 * hints); a standalone folder without one generates tools without them.
 */
function readTable(file: string | undefined, catalog: string, layout: OutputLayout): ToolTableText | undefined {
  const path = file ?? join(dirname(catalog), toolTableFileName);
  const shown = relative(process.cwd(), path) || path;
  if (file === undefined && !existsSync(path)) {
    if (layout === 'standalone') return undefined;
    throw new Error(
      `${shown}: missing — the tool table (every catalog tool's MCP title and hints) must sit beside the catalog, or be named with --annotations`,
    );
  }
  try {
    return { text: readFileSync(path, 'utf8'), source: shown };
  } catch (error) {
    throw new Error(`cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/**
 * How the headers name the catalog — never a machine path: in the package
 * layout relative to the repository (`fixtures/capabilities.json`), in a
 * standalone folder relative to that folder (`../../catalog.json`); by its
 * hash when no relative path exists (another drive).
 */
function sourceName(catalog: string, out: string, layout: OutputLayout, text: string): string {
  const base = layout === 'package' && !relative(repoRoot, catalog).startsWith('..') ? repoRoot : out;
  const rel = relative(base, catalog);
  if (isAbsolute(rel)) return `sha256:${createHash('sha256').update(text).digest('hex')}`;
  return rel.split('\\').join('/');
}

/** A catalog error as the CLI prints it: the file, then every problem (one per line). */
function catalogProblems(file: string, error: CatalogError): string {
  const shown = relative(process.cwd(), file) || file;
  if (error.problems.length === 1) return `${shown}: ${error.problems[0]!.message}`;
  return `${shown}: ${error.problems.length} problems\n${error.problems.map((p) => `  ${p.message}`).join('\n')}`;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'diff') return runDiffCli(process.argv.slice(3), processDiffIo());
  const { argv, docs } = takeDocsOption(process.argv.slice(2), repoRoot);
  const args = parseArgs(argv);
  const layout = detectLayout(args.out);
  let catalogText: string;
  try {
    catalogText = readFileSync(args.catalog, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${relative(process.cwd(), args.catalog) || args.catalog}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    parseJsonText(catalogText);
  } catch (error) {
    throw new Error(`${relative(process.cwd(), args.catalog) || args.catalog}: not JSON: ${(error as Error).message}`);
  }
  const source = sourceName(args.catalog, args.out, layout, catalogText);
  let gen;
  let table: ToolTableText | undefined;
  try {
    // The catalog's own problems come first: the table is checked against a valid catalog.
    readCatalogText(catalogText, source);
    table = readTable(args.annotations, args.catalog, layout);
    gen = await generate(catalogText, source, layout, table);
  } catch (error) {
    if (error instanceof CatalogError) throw new Error(catalogProblems(args.catalog, error));
    throw error;
  }
  if (layout === 'standalone') assertStandaloneFolder(args.out);
  const reference = docsStep(docs, catalogText, source, args.check, args.out, table);
  if (args.check) {
    const problems = [...checkOutput(args.out, gen), ...reference.problems];
    for (const p of problems) console.error(`${p.problem}: ${relative(process.cwd(), resolve(args.out, p.path))}`);
    if (problems.length) {
      console.error(`gen:check: ${problems.length} generated file(s) out of date — run \`${layout === 'package' ? 'npm run gen' : 'xcap-codegen'}\``);
      return 1;
    }
    console.log(`gen:check: ${gen.files.length + reference.files} generated files are fresh`);
    return 0;
  }
  const written = [...writeOutput(args.out, gen), ...reference.written];
  console.log(
    `xcap-codegen: ${gen.files.length + reference.files} files (${layout} layout), ${written.length} written${written.length ? `: ${written.join(', ')}` : ''}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`xcap-codegen: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
