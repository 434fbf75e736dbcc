import type { AuditRow } from '@xcap/audit';

const columns = ['#', 'client', 'tool', 'status', 'error', 'argsHash'] as const;

/**
 * The audit rows as a plain-text table, one line per row under a header
 * (`argsHash` shortened to its first 12 hex digits), columns padded to fit.
 */
export function auditTable(rows: readonly AuditRow[]): string[] {
  const cells = rows.map((row, i) => [String(i + 1), row.clientId, row.tool, row.status, row.error ?? '—', `${row.argsHash.slice(0, 'sha256:'.length + 12)}…`]);
  const widths = columns.map((title, c) => Math.max(title.length, ...cells.map((line) => line[c]!.length)));
  const format = (line: readonly string[]) => line.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd();
  return [format(columns), format(widths.map((w) => '─'.repeat(w))), ...cells.map(format)];
}
