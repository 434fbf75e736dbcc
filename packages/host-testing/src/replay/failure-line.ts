import { compactJson } from './compact-json.js';
import type { ReplayFailure } from './replay-report.js';

/**
 * The one line the CLI prints for a failing case:
 * `FAIL <kind>[<index>] <name as JSON>: expected <json> got <json>`
 * (prefixed with the file when several are replayed).
 */
export function failureLine(failure: ReplayFailure, file?: string): string {
  const where = `${failure.kind}[${failure.index}] ${JSON.stringify(failure.name)}`;
  return `FAIL ${file === undefined ? '' : `${file} `}${where}: expected ${compactJson(failure.expected)} got ${compactJson(failure.got)}`;
}
