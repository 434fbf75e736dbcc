import { existsSync } from 'node:fs';
import type { AuditStatus } from '@xcap/audit';
import { SqliteAuditSink, type StoredAuditRow } from '../stores/sqlite-audit-sink.js';
import type { CliIo } from './cli-io.js';
import { dataDirOption } from './data-dir-option.js';
import { auditTable } from './audit-table.js';
import { terminalText } from '../terminal-text.js';

/** The default number of rows `xcap audit` prints. */
export const defaultAuditLimit = 100;

/**
 * `xcap audit [--app A] [--tool T] [--status S] [--since ISO] [--limit N]
 * [--json]`: the SQLite audit log, newest first, as a table or as one JSON
 * array. The log is opened read-only (a read-only file, folder or file
 * system works; nothing is written); a data directory without a log has no
 * rows (nothing is created).
 */
export async function auditCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const paths = dataDirOption(options, io);
  const filter = {
    ...(typeof options.app === 'string' ? { app: options.app } : {}),
    ...(typeof options.tool === 'string' ? { tool: options.tool } : {}),
    ...(typeof options.status === 'string' ? { status: options.status as AuditStatus } : {}),
    ...(typeof options.since === 'string' ? { since: options.since } : {}),
    limit: typeof options.limit === 'number' ? options.limit : defaultAuditLimit,
  };
  let rows: readonly StoredAuditRow[] = [];
  if (existsSync(paths.audit)) {
    const sink = new SqliteAuditSink(paths.audit, { readonly: true });
    try {
      rows = sink.query(filter);
    } finally {
      sink.close();
    }
  }
  if (options.json === true) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
  else if (rows.length === 0) io.stdout(`no audit rows in ${terminalText(paths.audit)}${Object.keys(filter).length > 1 ? ' matching the filter' : ''}\n`);
  else io.stdout(`${auditTable(rows).join('\n')}\n`);
}
