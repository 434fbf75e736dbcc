const columns = ['at', 'app', 'client', 'tool', 'status', 'error', 'ms', 'argsHash'] as const;

/**
 * Audit rows (the SQLite log's `{at, appId, clientId, tool, status, error,
 * argsHash, durationMs}`) as a plain-text table: a header, a rule, one line
 * per row, columns padded to fit (`argsHash` shortened to its first 12 hex
 * digits, `error` `—` when null).
 */
export function auditTable(rows: readonly object[]): string[] {
  const cells = rows.map((row) => {
    const r = row as Record<string, unknown>;
    const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
    const hash = text(r.argsHash);
    const ms = typeof r.durationMs === 'number' ? r.durationMs.toFixed(1) : '—';
    return [text(r.at), text(r.appId), text(r.clientId), text(r.tool), text(r.status), text(r.error), ms, hash.length > 19 ? `${hash.slice(0, 19)}…` : hash];
  });
  const widths = columns.map((title, c) => Math.max(title.length, ...cells.map((line) => line[c]?.length ?? 0)));
  const format = (line: readonly string[]) => line.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ').trimEnd();
  return [format(columns), format(widths.map((w) => '─'.repeat(w))), ...cells.map(format)];
}
