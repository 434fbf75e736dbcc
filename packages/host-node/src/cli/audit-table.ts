import type { StoredAuditRow } from '../stores/sqlite-audit-sink.js';
import { terminalText } from '../terminal-text.js';

const columns = ['at', 'app', 'client', 'tool', 'status', 'error', 'ms', 'argsHash'] as const;

/**
 * Audit rows (the SQLite log's `{at, appId, clientId, tool, status, error,
 * argsHash, durationMs}`) as a plain-text table: a header, a rule, one line
 * per row, columns padded to fit (`argsHash` shortened to its first 12 hex
 * digits, `error` `—` when null). Every cell goes through `terminalText`:
 * a tool name an agent chose cannot add rows or clear the screen.
 */
export function auditTable(rows: readonly StoredAuditRow[]): string[] {
  const cells = rows.map((r) => {
    const hash = r.argsHash;
    const ms = r.durationMs === null ? '—' : r.durationMs.toFixed(1);
    return [r.at, r.appId, r.clientId, r.tool, r.status, r.error ?? '—', ms, hash.length > 19 ? `${hash.slice(0, 19)}…` : hash].map(terminalText);
  });
  const widths = columns.map((title, c) => Math.max(title.length, ...cells.map((line) => line[c]?.length ?? 0)));
  const format = (line: readonly string[]) => line.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ').trimEnd();
  return [format(columns), format(widths.map((w) => '─'.repeat(w))), ...cells.map(format)];
}
