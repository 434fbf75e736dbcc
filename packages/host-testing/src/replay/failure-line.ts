import type { ReplayFailure } from './replay-report.js';

const compact = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
};

/**
 * The one line the CLI prints for a failing case:
 * `FAIL <kind>[<index>] <name as JSON>: expected <json> got <json>`
 * (prefixed with the file when several are replayed).
 */
export function failureLine(failure: ReplayFailure, file?: string): string {
  const where = `${failure.kind}[${failure.index}] ${JSON.stringify(failure.name)}`;
  return `FAIL ${file === undefined ? '' : `${file} `}${where}: expected ${compact(failure.expected)} got ${compact(failure.got)}`;
}
