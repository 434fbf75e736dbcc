/**
 * `update` writes every published package's API reports (and removes
 * reports no entry point makes any more); `check` fails when a report
 * differs from what the build's `.d.ts` give (printing the diff), and when
 * a report changed since the last release without a changeset of the bump
 * it asks for.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkChangesets } from './check-changesets.js';
import { extractReport } from './extract-report.js';
import { lineDiff, unifiedDiff } from './line-diff.js';
import { releaseBase } from './release-base.js';
import { workspaceReports, type ReportEntry } from './report-entries.js';

/** What a run found: one line per problem (empty when all is well). */
export interface ApiReportResult {
  readonly problems: readonly string[];
}

/**
 * Runs `update` or `check` on the workspace at `root` (reports of `entries`,
 * all by default; API Extractor configured by `baseConfig`, the root's
 * api-extractor.base.json by default), writing progress to `log`.
 */
export function runApiReport(
  root: string,
  mode: 'update' | 'check',
  log: (line: string) => void,
  entries: readonly ReportEntry[] = workspaceReports(root),
  baseConfig: string = join(root, 'api-extractor.base.json'),
): ApiReportResult {
  const problems: string[] = [];
  const made = new Set<string>();
  for (const entry of entries) {
    const file = join(entry.packageDir, 'etc', `${entry.reportName}.api.md`);
    const shown = relative(root, file);
    made.add(file);
    if (!existsSync(entry.dts)) {
      problems.push(`${entry.packageName} ${entry.subpath}: ${relative(root, entry.dts)} is missing: build first (npm run build)`);
      continue;
    }
    const { text, problems: extractor } = extractReport(entry, baseConfig);
    if (extractor.length > 0) {
      problems.push(...extractor.map((p) => `${entry.packageName} ${entry.subpath}: ${p}`));
      continue;
    }
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (committed === text) continue;
    if (mode === 'update') {
      mkdirSync(join(entry.packageDir, 'etc'), { recursive: true });
      writeFileSync(file, text);
      log(`${committed === null ? 'wrote' : 'updated'} ${shown}`);
    } else if (committed === null) {
      problems.push(`${shown} is missing (the public API of ${entry.packageName} ${entry.subpath} has no report): run npm run api:update and commit it`);
    } else {
      problems.push(
        `${shown} differs from the public API of ${entry.packageName} ${entry.subpath} (- report, + built .d.ts); run npm run api:update and commit it:\n${unifiedDiff(lineDiff(committed, text))}`,
      );
    }
  }
  for (const dir of [...new Set(entries.map((e) => e.packageDir))]) {
    const etc = join(dir, 'etc');
    if (!existsSync(etc)) continue;
    for (const name of readdirSync(etc).filter((f) => f.endsWith('.api.md'))) {
      const file = join(etc, name);
      if (made.has(file)) continue;
      if (mode === 'update') {
        rmSync(file);
        log(`removed ${relative(root, file)} (no entry point makes it)`);
      } else {
        problems.push(`${relative(root, file)} is a report no entry point makes (an export was removed?): run npm run api:update`);
      }
    }
  }
  if (mode === 'check' && problems.length === 0) {
    const base = releaseBase(root);
    const packages = [...new Map(entries.map((e) => [e.packageDir, { packageName: e.packageName, version: e.version, packageDir: e.packageDir }])).values()];
    const verdicts = checkChangesets(root, packages, base);
    problems.push(...verdicts.filter((v) => v.problem).map((v) => v.problem));
    log(
      `changesets: ${verdicts.filter((v) => v.required !== 'none').length} of ${verdicts.length} packages changed their API since ${base.description}; ${verdicts.filter((v) => v.problem).length} without the changeset they need`,
    );
  }
  return { problems };
}
