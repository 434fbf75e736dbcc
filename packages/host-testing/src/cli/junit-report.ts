import { compactJson } from '../replay/compact-json.js';
import type { DocumentResult } from './document-result.js';

/**
 * The `--junit <file>` output of `xcap-conformance`: JUnit XML with one
 * `<testsuite>` per catalog document and one `<testcase>` per case
 * (`classname` = the case kind, `name` = `<kind>[<index>] <name>`); a
 * failing case carries `<failure>` with what was expected and what came.
 */
export function junitReport(results: readonly DocumentResult[]): string {
  const tests = results.reduce((n, r) => n + r.report.cases.length, 0);
  const failures = results.reduce((n, r) => n + r.report.failed, 0);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="xcap-conformance" tests="${tests}" failures="${failures}">`];
  for (const { file, report } of results) {
    lines.push(`  <testsuite name="${xml(file)}" tests="${report.cases.length}" failures="${report.failed}" errors="0" skipped="0">`);
    const failuresByCase = new Map(report.failures.map((f) => [`${f.kind}[${f.index}]`, f]));
    for (const c of report.cases) {
      const id = `${c.kind}[${c.index}]`;
      const open = `    <testcase classname="${xml(c.kind)}" name="${xml(`${id} ${c.name}`)}"`;
      const failure = failuresByCase.get(id);
      if (failure === undefined) {
        lines.push(`${open}/>`);
        continue;
      }
      const detail = `expected ${compactJson(failure.expected)} got ${compactJson(failure.got)}`;
      lines.push(`${open}>`, `      <failure message="${xml(detail)}" type="mismatch">${xml(detail)}</failure>`, '    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for an XML attribute or element: the five entities escaped, characters XML 1.0 cannot hold written as `\uXXXX`. */
function xml(text: string): string {
  return text.replace(
    /[&<>"']|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu,
    (ch) => entities[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
