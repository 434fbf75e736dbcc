import type { ConformanceTestResult } from './run-conformance-tree.js';
import { xmlText } from './xml-text.js';

/** The provider the suite ran against, for the reports. */
export interface ProviderUnderTest {
  readonly command: string;
  readonly name: string;
  readonly version: string;
  readonly capabilities: readonly string[];
}

/** `passed`, `failed` and `skipped` counts of the results. */
export function countResults(results: readonly ConformanceTestResult[]): { passed: number; failed: number; skipped: number } {
  const count = (status: ConformanceTestResult['status']) => results.filter((r) => r.status === status).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/** The `--json` output of `xcap-conformance providers`: the provider, the totals and every test with its status. */
export function providersJsonReport(provider: ProviderUnderTest, results: readonly ConformanceTestResult[]): string {
  const tests = results.map((r) => ({
    name: [...r.groups.slice(1), r.title].join(' › '),
    status: r.status,
    ...(r.message === undefined ? {} : { message: r.message }),
    ms: r.ms,
  }));
  return JSON.stringify({ provider, ...countResults(results), tests }, null, 2);
}

/**
 * The `--junit <file>` output of `xcap-conformance providers`: one
 * `<testsuite>` per capability (tests outside one in a suite named after
 * the whole suite), one `<testcase>` per test (`classname` = the
 * capability); a failure carries `<failure>` with what the provider did
 * wrong, a skip `<skipped>` with the reason.
 */
export function providersJunitReport(provider: ProviderUnderTest, results: readonly ConformanceTestResult[]): string {
  const totals = countResults(results);
  const suites = new Map<string, ConformanceTestResult[]>();
  for (const r of results) {
    const suite = r.groups[1] ?? r.groups[0] ?? 'xcap native conformance';
    suites.set(suite, [...(suites.get(suite) ?? []), r]);
  }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(`xcap-conformance providers: ${provider.command}`)}" tests="${results.length}" failures="${totals.failed}" skipped="${totals.skipped}">`,
  ];
  for (const [suite, cases] of suites) {
    const c = countResults(cases);
    const seconds = (cases.reduce((n, r) => n + r.ms, 0) / 1000).toFixed(3);
    lines.push(`  <testsuite name="${xmlText(suite)}" tests="${cases.length}" failures="${c.failed}" errors="0" skipped="${c.skipped}" time="${seconds}">`);
    for (const r of cases) {
      const open = `    <testcase classname="${xmlText(suite)}" name="${xmlText(r.title)}" time="${(r.ms / 1000).toFixed(3)}"`;
      if (r.status === 'passed') lines.push(`${open}/>`);
      else if (r.status === 'skipped') lines.push(`${open}>`, `      <skipped message="${xmlText(r.message ?? '')}"/>`, '    </testcase>');
      else
        lines.push(
          `${open}>`,
          `      <failure message="${xmlText(r.message ?? '')}" type="conformance">${xmlText(r.message ?? '')}</failure>`,
          '    </testcase>',
        );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
