import type { CommandAuditRow } from './command-stores.js';

/** One CSV field as RFC 4180 writes it: quoted (inner quotes doubled) when it holds `"`, `,`, CR or LF. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record: the fields joined with `,`, ended by CRLF (RFC 4180). */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** The CSV columns of an audit row, in order (`host` after `at` for rows from PostgreSQL). */
export function auditCsvColumns(withHost: boolean): readonly string[] {
  return ['id', 'at', ...(withHost ? ['host'] : []), 'appId', 'clientId', 'tool', 'status', 'error', 'argsHash', 'durationMs', 'replayed'];
}

/** The CSV header record of `auditCsvColumns`. */
export function auditCsvHeader(withHost: boolean): string {
  return csvRecord(auditCsvColumns(withHost));
}

/**
 * An audit row as one CSV record of `auditCsvColumns`: text as stored (no
 * terminal escaping: a spreadsheet or parser reads it), `null` as an empty
 * field, `durationMs` as JavaScript prints the number, `replayed`
 * `true`/`false`.
 */
export function auditCsvRecord(row: CommandAuditRow, withHost: boolean): string {
  return csvRecord([
    String(row.id),
    row.at,
    ...(withHost ? [row.host ?? ''] : []),
    row.appId,
    row.clientId,
    row.tool,
    row.status,
    row.error ?? '',
    row.argsHash,
    row.durationMs === null ? '' : String(row.durationMs),
    String(row.replayed),
  ]);
}
