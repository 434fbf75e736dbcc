import type { DocumentResult } from './document-result.js';

/**
 * The `--json` output of `xcap-conformance`: totals, then per document its
 * counts and every failing case (`kind`, `index`, `name`, `expected`, `got`).
 */
export function jsonReport(results: readonly DocumentResult[]): string {
  const passed = results.reduce((n, r) => n + r.report.passed, 0);
  const failed = results.reduce((n, r) => n + r.report.failed, 0);
  const documents = results.map(({ file, report }) => ({ file, passed: report.passed, failed: report.failed, failures: report.failures }));
  return JSON.stringify({ passed, failed, documents }, null, 2);
}
