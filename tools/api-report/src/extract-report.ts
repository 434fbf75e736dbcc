/**
 * Runs API Extractor on one entry point with the shared configuration
 * (api-extractor.base.json at the repository root) and returns the report
 * it makes, without touching the committed one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from '@microsoft/api-extractor';
import type { ReportEntry } from './report-entries.js';

/** What API Extractor made of one entry point. */
export interface ExtractedReport {
  /** The report text (empty when `problems` is not). */
  readonly text: string;
  /** Errors and warnings it reported, one line each, naming the file. */
  readonly problems: readonly string[];
}

/** Makes the report of `entry` with the configuration in `baseConfigFile`. */
export function extractReport(entry: ReportEntry, baseConfigFile: string): ExtractedReport {
  const temp = mkdtempSync(join(tmpdir(), 'xcap-api-report-'));
  try {
    const base = ExtractorConfig.loadFile(baseConfigFile);
    const configObject: IConfigFile = {
      ...base,
      projectFolder: entry.packageDir,
      mainEntryPointFilePath: entry.dts,
      apiReport: { ...base.apiReport, enabled: true, reportFileName: entry.reportName, reportTempFolder: temp },
    };
    const config = ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: baseConfigFile,
      packageJsonFullPath: join(entry.packageDir, 'package.json'),
    });
    const problems: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: false,
      messageCallback: (message) => {
        message.handled = true;
        if (message.logLevel !== ExtractorLogLevel.Error && message.logLevel !== ExtractorLogLevel.Warning) return;
        // The report differing from (or missing beside) the committed one is not a problem here: the caller compares.
        if (String(message.messageId).startsWith('console-api-report')) return;
        const where = message.sourceFilePath ? `${message.sourceFilePath}${message.sourceFileLine ? `:${message.sourceFileLine}` : ''}: ` : '';
        problems.push(`${where}${message.text} (${message.messageId})`);
      },
    });
    if (problems.length > 0 || result.errorCount > 0) return { text: '', problems: problems.length > 0 ? problems : [`${result.errorCount} errors`] };
    return { text: readFileSync(join(temp, `${entry.reportName}.api.md`), 'utf8'), problems: [] };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
