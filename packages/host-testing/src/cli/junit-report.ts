import { basename } from 'node:path';
import { compactJson } from '../replay/compact-json.js';
import type { DocumentResult } from './document-result.js';
import { xmlText } from './xml-text.js';

/**
 * The `--junit <file>` output of `xcap-conformance`: JUnit XML with one
 * `<testsuite>` per catalog document, named by its file name (never a path of
 * the machine that ran it), and one `<testcase>` per case
 * (`classname` = the case kind, `name` = `<kind>[<index>] <name>`); a
 * failing case carries `<failure>` with what was expected and what came.
 */
export function junitReport(results: readonly DocumentResult[]): string {
  const tests = results.reduce((n, r) => n + r.report.cases.length, 0);
  const failures = results.reduce((n, r) => n + r.report.failed, 0);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="xcap-conformance" tests="${tests}" failures="${failures}">`];
  for (const { file, report } of results) {
    lines.push(`  <testsuite name="${xmlText(basename(file))}" tests="${report.cases.length}" failures="${report.failed}" errors="0" skipped="0">`);
    const failuresByCase = new Map(report.failures.map((f) => [`${f.kind}[${f.index}]`, f]));
    for (const c of report.cases) {
      const id = `${c.kind}[${c.index}]`;
      const open = `    <testcase classname="${xmlText(c.kind)}" name="${xmlText(`${id} ${c.name}`)}"`;
      const failure = failuresByCase.get(id);
      if (failure === undefined) {
        lines.push(`${open}/>`);
        continue;
      }
      const detail = `expected ${compactJson(failure.expected)} got ${compactJson(failure.got)}`;
      lines.push(`${open}>`, `      <failure message="${xmlText(detail)}" type="mismatch">${xmlText(detail)}</failure>`, '    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
