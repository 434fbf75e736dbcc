/**
 * `xcap-codegen diff <old.json> <new.json> [--json] [--changeset [dir]] [--package <name>]`:
 * classifies every change between two catalogs. Exit codes: 0 when the
 * diff was made (whatever the bump, no change included); 2 for bad input —
 * an unknown option, a missing or unreadable file, text that is not JSON,
 * or a catalog `loadCatalog` refuses (the message names the file).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadCatalog, parseJsonText } from '@xcap/catalog/core';
import type { Catalog } from '@xcap/catalog/core';
import { overallBump } from './catalog-change.js';
import { diffCatalogs } from './diff-catalogs.js';
import { changesetFile, formatDiff } from './format-diff.js';
import type { DiffReport } from './format-diff.js';

/** The usage line of `xcap-codegen diff`. */
export const diffUsage =
  'usage: xcap-codegen diff <old.json> <new.json> [--json] [--changeset [dir]] [--package <name>]\n' +
  '  --json            print the changes and the bump as JSON\n' +
  '  --changeset [dir] write a changeset with the bump into dir (default: ./.changeset); nothing for no change\n' +
  '  --package <name>  the package the changeset bumps (default: @xcap/catalog)\n' +
  'exit codes: 0 the diff was made; 2 bad arguments, an unreadable file or an invalid catalog';

/** Where `runDiffCli` writes and from where it resolves paths. */
export interface DiffCliIo {
  /** Writes to standard output. */
  readonly out: (text: string) => void;
  /** Writes to standard error. */
  readonly err: (text: string) => void;
  /** The folder relative paths are resolved from. */
  readonly cwd: string;
}

/** The process's own stdout, stderr and working folder. */
export function processDiffIo(): DiffCliIo {
  return { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text), cwd: process.cwd() };
}

interface DiffArgs {
  readonly files: string[];
  json: boolean;
  changeset: string | null;
  packageName: string;
}

class UsageError extends Error {}

function parseDiffArgs(argv: readonly string[], cwd: string): DiffArgs | 'help' {
  const args: DiffArgs = { files: [], json: false, changeset: null, packageName: '@xcap/catalog' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--help' || a === '-h') return 'help';
    if (a === '--json') args.json = true;
    else if (a.startsWith('--changeset=')) args.changeset = resolve(cwd, a.slice('--changeset='.length));
    else if (a === '--changeset') {
      const next = argv[i + 1];
      // Once both catalogs are named, a following non-option is the folder.
      if (args.files.length >= 2 && next !== undefined && !next.startsWith('-')) args.changeset = resolve(cwd, argv[++i] ?? '');
      else args.changeset = resolve(cwd, '.changeset');
    } else if (a === '--package') {
      const next = argv[++i];
      if (next === undefined || next === '') throw new UsageError('--package needs a package name');
      args.packageName = next;
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else args.files.push(a);
  }
  if (args.files.length !== 2) throw new UsageError(`expected two catalog files, got ${args.files.length}`);
  return args;
}

function readCatalog(file: string, cwd: string): Catalog {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new Error(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = parseJsonText(text);
  } catch (error) {
    throw new Error(`${file}: not JSON: ${(error as Error).message}`);
  }
  try {
    return loadCatalog(doc);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** Runs `xcap-codegen diff` with the arguments after `diff`; answers the exit code. */
export function runDiffCli(argv: readonly string[], io: DiffCliIo): number {
  let args: DiffArgs | 'help';
  try {
    args = parseDiffArgs(argv, io.cwd);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`xcap-codegen diff: ${error.message}\n${diffUsage}\n`);
    return 2;
  }
  if (args === 'help') {
    io.out(`${diffUsage}\n`);
    return 0;
  }
  const [oldFile = '', newFile = ''] = args.files;
  let report: DiffReport;
  try {
    const changes = diffCatalogs(readCatalog(oldFile, io.cwd), readCatalog(newFile, io.cwd));
    report = { old: oldFile, new: newFile, changes, bump: overallBump(changes) };
  } catch (error) {
    io.err(`xcap-codegen diff: ${(error as Error).message}\n`);
    return 2;
  }
  io.out(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatDiff(report));
  if (args.changeset !== null) {
    const note = (text: string) => (args.json ? io.err(text) : io.out(text));
    if (report.bump === 'none') note('changeset: none written (no change)\n');
    else {
      const file = changesetFile(report, args.packageName);
      try {
        mkdirSync(args.changeset, { recursive: true });
        writeFileSync(join(args.changeset, file.name), file.text);
      } catch (error) {
        io.err(`xcap-codegen diff: cannot write the changeset into ${args.changeset} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})\n`);
        return 2;
      }
      note(`changeset: ${relative(io.cwd, join(args.changeset, file.name)) || file.name} (${args.packageName}: ${report.bump})\n`);
    }
  }
  return 0;
}
