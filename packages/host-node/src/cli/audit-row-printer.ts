import { auditCsvHeader, auditCsvRecord } from './audit-csv.js';
import { auditTableCells, auditTableTitles } from './audit-table.js';
import type { CommandAuditRow } from './command-stores.js';

/** The formats `xcap audit --format` prints rows in. */
export const auditFormats = ['jsonl', 'csv', 'table'] as const;

/** One of `auditFormats`. */
export type AuditFormat = (typeof auditFormats)[number];

/** Prints audit rows one at a time in one format: `head` once before any row, then `row` per row (each ends its line). */
export interface AuditRowPrinter {
  /** What comes before the first row: the CSV header record, the table's titles and rule, nothing for JSON lines. */
  readonly head: string;
  /** One row's text, its line end included. */
  row(row: CommandAuditRow): string;
}

/** The widths of the table columns while following (a followed table cannot measure rows it has not seen); longer cells run over. */
const followWidths: Readonly<Record<string, number>> = {
  at: 24,
  host: 16,
  app: 16,
  client: 18,
  tool: 22,
  status: 11,
  error: 16,
  ms: 8,
  argsHash: 20,
  replayed: 8,
};

/**
 * A printer for `format`, the rows' `host` column included with `withHost`
 * (PostgreSQL). `jsonl`: one JSON object a line (the row as `--json` prints
 * it, `JSON.stringify` escaping controls). `csv`: RFC 4180 (a header record,
 * fields quoted when they hold `"`, `,`, CR or LF, CRLF line ends).
 * `table`: fixed-width columns, every cell through `terminalText` (escaped
 * for a terminal), the `replayed` column always there.
 */
export function auditRowPrinter(format: AuditFormat, withHost: boolean): AuditRowPrinter {
  switch (format) {
    case 'jsonl':
      return { head: '', row: (row) => `${JSON.stringify(row)}\n` };
    case 'csv':
      return { head: auditCsvHeader(withHost), row: (row) => auditCsvRecord(row, withHost) };
    case 'table': {
      const titles = auditTableTitles(withHost, true);
      const line = (cells: readonly string[]) =>
        `${cells
          .map((cell, c) => cell.padEnd(followWidths[titles[c] ?? ''] ?? 0))
          .join('  ')
          .trimEnd()}\n`;
      return {
        head: `${line(titles)}${line(titles.map((t) => '─'.repeat(followWidths[t] ?? t.length)))}`,
        row: (row) => line(auditTableCells(row, withHost, true)),
      };
    }
  }
}
