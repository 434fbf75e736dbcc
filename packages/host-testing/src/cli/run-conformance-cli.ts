import { readFile, writeFile } from 'node:fs/promises';
import { loadCatalog, parseJsonText } from '@xcap/catalog';
import { failureLine } from '../replay/failure-line.js';
import { replayCases } from '../replay/replay-cases.js';
import { builtinCasesPath, loadBuiltinCases } from './builtin-cases.js';
import { parseCliArgs } from './cli-args.js';
import { runProvidersConformance } from './run-providers-conformance.js';
import { cliUsage } from './cli-usage.js';
import type { DocumentResult } from './document-result.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';

/** Where the CLI writes: one call per line (no trailing newline). */
export interface CliOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** Where the CLI reads what it ships (tests point these elsewhere). */
export interface CliSources {
  /** The built-in catalog document (default: `builtinCasesPath`, `dist/capabilities.json` of this package). */
  readonly builtinCases?: string;
}

/** Exit codes of `xcap-conformance`. */
export const conformanceExit = {
  /** Every case passed (or `--help`, `--version`). */
  ok: 0,
  /** At least one case failed. */
  failed: 1,
  /** Bad usage, or a file that cannot be read, is not JSON, or is not a valid catalog. */
  badInput: 2,
} as const;

/**
 * `xcap-conformance [options] [<catalog.json>…]` (see `cliUsage`): replays
 * every case of each catalog document (with no file, or `--builtin`, the
 * built-in catalog's own cases), prints one `FAIL …` line per failing case
 * (the file named when there are several) and ends with `N passed, M
 * failed`; `--json` prints one JSON document instead, `--junit <file>` also
 * writes JUnit XML. Every input is read and validated first: a file that
 * cannot be read, is not JSON or is not a valid catalog gets one
 * `xcap-conformance: <file>: <reason>` line on stderr, and then nothing is
 * replayed and no totals are printed. Answers the exit code: 0 all passed
 * (or `--help`/`--version`), 1 a case failed, 2 bad usage or input.
 * `xcap-conformance providers [options] -- <command> [args]` runs the
 * native conformance suite against a provider process instead
 * (`runProvidersConformance`).
 */
export async function runConformanceCli(args: readonly string[], output: CliOutput, sources: CliSources = {}): Promise<number> {
  // `xcap-conformance providers … -- <command>`: the native conformance suite against a provider process.
  if (args[0] === 'providers') return runProvidersConformance(args.slice(1), output);
  const parsed = parseCliArgs(args);
  switch (parsed.action) {
    case 'help':
      output.out(cliUsage);
      return conformanceExit.ok;
    case 'version':
      output.out(await packageVersion());
      return conformanceExit.ok;
    case 'usageError':
      output.err(`xcap-conformance: ${parsed.message} (see xcap-conformance --help)`);
      return conformanceExit.badInput;
    case 'replay':
      break; // the cases below
  }

  const inputs: { file: string; doc: unknown }[] = [];
  const problems: string[] = [];
  if (parsed.builtin) {
    const builtin = await loadBuiltinCases(sources.builtinCases ?? builtinCasesPath);
    if ('error' in builtin) problems.push(`xcap-conformance: built-in cases: ${builtin.error}`);
    else inputs.push({ file: builtin.path, doc: builtin.doc });
  }
  for (const file of parsed.files) {
    const read = await readDocument(file);
    if ('error' in read) problems.push(`xcap-conformance: ${file}: ${read.error}`);
    else inputs.push({ file, doc: read.doc });
  }
  const results: DocumentResult[] = [];
  if (problems.length === 0) {
    for (const { file, doc } of inputs) {
      try {
        results.push({ file, report: await replayCases(doc) });
      } catch (error) {
        problems.push(`xcap-conformance: ${file}: not a valid catalog: ${reason(error)}`);
      }
    }
  }
  if (problems.length > 0) {
    for (const line of problems) output.err(line);
    return conformanceExit.badInput;
  }

  const passed = results.reduce((n, r) => n + r.report.passed, 0);
  const failed = results.reduce((n, r) => n + r.report.failed, 0);
  if (parsed.json) output.out(jsonReport(results));
  else {
    for (const { file, report } of results) {
      for (const failure of report.failures) output.out(failureLine(failure, results.length > 1 ? file : undefined));
    }
    output.out(`${passed} passed, ${failed} failed`);
  }
  if (parsed.junit !== undefined) {
    try {
      await writeFile(parsed.junit, junitReport(results));
    } catch (error) {
      output.err(`xcap-conformance: --junit ${parsed.junit}: cannot write: ${reason(error)}`);
      return conformanceExit.badInput;
    }
  }
  return failed > 0 ? conformanceExit.failed : conformanceExit.ok;
}

/** Reads one catalog document: readable, JSON, and a valid catalog (`loadCatalog`). */
async function readDocument(file: string): Promise<{ doc: unknown } | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { error: `cannot read: ${reason(error)}` };
  }
  let doc: unknown;
  try {
    doc = parseJsonText(text);
  } catch (error) {
    // One line per bad input: the place and the problem, without the excerpt.
    return { error: `not JSON: ${(error as Error).message.split('\n')[0] ?? ''}` };
  }
  try {
    loadCatalog(doc);
  } catch (error) {
    return { error: `not a valid catalog: ${reason(error)}` };
  }
  return { doc };
}

async function packageVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
