#!/usr/bin/env node
/**
 * `xcap-codegen [--catalog <file>] [--out <dir>] [--docs <dir>] [--check]`: generates the
 * catalog package from a catalog document (defaults: the repository's
 * `fixtures/capabilities.json` into `packages/catalog`). `--check` writes
 * nothing and exits 1 naming every stale, missing or unexpected file.
 * `--docs <dir>` writes the Markdown catalog reference there (default without
 * `--out`: the repository's `docs/catalog`; see `docs/docs-option.ts`).
 * `xcap-codegen diff <old.json> <new.json> …` classifies catalog changes (see `diff/diff-cli.ts`).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processDiffIo, runDiffCli } from './diff/diff-cli.js';
import { docsStep, takeDocsOption } from './docs/docs-option.js';
import { generate } from './generate.js';
import { checkOutput, writeOutput } from './write-output.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface Args {
  catalog: string;
  out: string;
  check: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { catalog: resolve(repoRoot, 'fixtures/capabilities.json'), out: resolve(repoRoot, 'packages/catalog'), check: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') args.check = true;
    else if (a === '--catalog' || a === '--out') {
      const v = argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      args[a === '--catalog' ? 'catalog' : 'out'] = resolve(v);
    } else if (a === '--help' || a === '-h') {
      console.log('usage: xcap-codegen [--catalog <file>] [--out <dir>] [--docs <dir>] [--check]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a} (usage: xcap-codegen [--catalog <file>] [--out <dir>] [--docs <dir>] [--check])`);
  }
  return args;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'diff') return runDiffCli(process.argv.slice(3), processDiffIo());
  const { argv, docs } = takeDocsOption(process.argv.slice(2), repoRoot);
  const args = parseArgs(argv);
  const rel = relative(repoRoot, args.catalog);
  const source = rel.startsWith('..') || isAbsolute(rel) ? args.catalog : rel.split('\\').join('/');
  const catalogText = readFileSync(args.catalog, 'utf8');
  const gen = await generate(catalogText, source);
  const reference = docsStep(docs, catalogText, source, args.check, args.out);
  if (args.check) {
    const problems = [...checkOutput(args.out, gen), ...reference.problems];
    for (const p of problems) console.error(`${p.problem}: ${relative(process.cwd(), resolve(args.out, p.path))}`);
    if (problems.length) {
      console.error(`gen:check: ${problems.length} generated file(s) out of date — run \`npm run gen\``);
      return 1;
    }
    console.log(`gen:check: ${gen.files.length + reference.files} generated files are fresh`);
    return 0;
  }
  const written = [...writeOutput(args.out, gen), ...reference.written];
  console.log(`xcap-codegen: ${gen.files.length + reference.files} files, ${written.length} written${written.length ? `: ${written.join(', ')}` : ''}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`xcap-codegen: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
