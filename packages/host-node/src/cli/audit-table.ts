import { terminalText } from '../terminal-text.js';
import type { CommandAuditRow } from './command-stores.js';

const columns = ['at', 'app', 'client', 'tool', 'status', 'error', 'ms', 'argsHash'] as const;

/**
 * Audit rows (the log's `{at, appId, clientId, tool, status, error,
 * argsHash, durationMs}`, and `host` for rows from PostgreSQL) as a
 * plain-text table: a header, a rule, one line per row, columns padded to
 * fit (`argsHash` shortened to its first 12 hex digits, `error` `—` when
 * null). A `host` column follows `at` when any row has a `host` field
 * (`—` when null). A `replayed` column comes last when any row was
 * replayed from a spill file (`yes`, else `—`). Every cell goes through `terminalText`: a tool name an
 * agent chose cannot add rows or clear the screen.
 */
export function auditTable(rows: readonly CommandAuditRow[]): string[] {
  const withHost = rows.some((r) => r.host !== undefined);
  const withReplayed = rows.some((r) => r.replayed);
  const titles = auditTableTitles(withHost, withReplayed);
  const cells = rows.map((r) => auditTableCells(r, withHost, withReplayed));
  const widths = titles.map((title, c) => Math.max(title.length, ...cells.map((line) => line[c]?.length ?? 0)));
  const format = (line: readonly string[]) =>
    line
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(titles), format(widths.map((w) => '─'.repeat(w))), ...cells.map(format)];
}

/** The table's column titles: `host` after `at` with `withHost`, `replayed` last with `withReplayed`. */
export function auditTableTitles(withHost: boolean, withReplayed: boolean): readonly string[] {
  return [...(withHost ? [columns[0], 'host', ...columns.slice(1)] : columns), ...(withReplayed ? ['replayed'] : [])];
}

/** One row's cells for `auditTableTitles`, each through `terminalText` (see `auditTable`). */
export function auditTableCells(r: CommandAuditRow, withHost: boolean, withReplayed: boolean): string[] {
  const hash = r.argsHash;
  const ms = r.durationMs === null ? '—' : r.durationMs.toFixed(1);
  const host = withHost ? [r.host ?? '—'] : [];
  const replayed = withReplayed ? [r.replayed ? 'yes' : '—'] : [];
  return [r.at, ...host, r.appId, r.clientId, r.tool, r.status, r.error ?? '—', ms, hash.length > 19 ? `${hash.slice(0, 19)}…` : hash, ...replayed].map(
    terminalText,
  );
}
