import type { ReplayReport } from '../replay/replay-report.js';

/** The replay of one catalog document: its file (or `built-in`) and what was found. */
export interface DocumentResult {
  /** The file as given on the command line, or the path of the built-in document. */
  readonly file: string;
  readonly report: ReplayReport;
}
