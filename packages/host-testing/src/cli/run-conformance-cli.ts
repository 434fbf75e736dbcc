import { readFile } from 'node:fs/promises';
import { failureLine } from '../replay/failure-line.js';
import { replayCases } from '../replay/replay-cases.js';
import type { ReplayReport } from '../replay/replay-report.js';

/** Where the CLI writes: one call per line (no trailing newline). */
export interface CliOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** Exit codes of `xcap-conformance`. */
export const conformanceExit = {
  /** Every case passed. */
  ok: 0,
  /** At least one case failed. */
  failed: 1,
  /** No file given, or a file that cannot be read, is not JSON, or is not a valid catalog. */
  badInput: 2,
} as const;

/**
 * `xcap-conformance <catalog.json>…`: replays every case of each catalog
 * document, prints one `FAIL …` line per failing case (the file named when
 * there are several), and ends with `N passed, M failed` over all files.
 * Answers the exit code: 0 all passed, 1 a case failed, 2 bad input (usage,
 * an unreadable file, invalid JSON or an invalid catalog: one
 * `xcap-conformance: <file>: <reason>` line on stderr; the other files still
 * run).
 */
export async function runConformanceCli(args: readonly string[], output: CliOutput): Promise<number> {
  if (args.length === 0 || args.some((arg) => arg === '-h' || arg === '--help')) {
    output.err('usage: xcap-conformance <catalog.json>…   (replays every case of each catalog document)');
    return conformanceExit.badInput;
  }
  let passed = 0;
  let failed = 0;
  let badInput = false;
  for (const file of args) {
    let doc: unknown;
    try {
      doc = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      output.err(`xcap-conformance: ${file}: ${error instanceof SyntaxError ? `not JSON: ${error.message}` : `cannot read: ${reason(error)}`}`);
      badInput = true;
      continue;
    }
    let report: ReplayReport;
    try {
      report = await replayCases(doc);
    } catch (error) {
      output.err(`xcap-conformance: ${file}: not a valid catalog: ${reason(error)}`);
      badInput = true;
      continue;
    }
    for (const failure of report.failures) output.out(failureLine(failure, args.length > 1 ? file : undefined));
    passed += report.passed;
    failed += report.failed;
  }
  output.out(`${passed} passed, ${failed} failed`);
  return badInput ? conformanceExit.badInput : failed > 0 ? conformanceExit.failed : conformanceExit.ok;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
