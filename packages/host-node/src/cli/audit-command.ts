import type { AuditStatus } from '@xcap/audit';
import type { CliIo } from './cli-io.js';
import { auditTable } from './audit-table.js';
import { withCommandStores } from './command-stores.js';

/** The default number of rows `xcap audit` prints. */
export const defaultAuditLimit = 100;

/**
 * `xcap audit [--app A] [--tool T] [--status S] [--since ISO] [--limit N]
 * [--json] [--store URL]`: the audit log, newest first, as a table or as
 * one JSON array. The SQLite log is opened read-only (a read-only file,
 * folder or file system works; nothing is written); a data directory
 * without a log has no rows (nothing is created). With `--store` the rows
 * come from PostgreSQL, each with the `host` that served the call (a
 * column of the table).
 */
export async function auditCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const filter = {
    ...(typeof options.app === 'string' ? { app: options.app } : {}),
    ...(typeof options.tool === 'string' ? { tool: options.tool } : {}),
    ...(typeof options.status === 'string' ? { status: options.status as AuditStatus } : {}),
    ...(typeof options.since === 'string' ? { since: options.since } : {}),
    limit: typeof options.limit === 'number' ? options.limit : defaultAuditLimit,
  };
  const { rows, where } = await withCommandStores(options, io, async (stores) => ({ rows: await stores.auditRows(filter), where: stores.where.audit }));
  if (options.json === true) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
  else if (rows.length === 0) io.stdout(`no audit rows in ${where}${Object.keys(filter).length > 1 ? ' matching the filter' : ''}\n`);
  else io.stdout(`${auditTable(rows).join('\n')}\n`);
}
