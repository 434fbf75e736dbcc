import type { AuditQuery, AuditStatus } from '@xcap/audit';
import type { CliIo } from './cli-io.js';
import { stdoutWritten } from './cli-io.js';
import { followAudit } from './audit-follow.js';
import { auditRowPrinter, type AuditFormat } from './audit-row-printer.js';
import { auditTable } from './audit-table.js';
import { withCommandStores, type CommandAuditRow, type CommandStores } from './command-stores.js';

/** The default number of rows `xcap audit` prints. */
export const defaultAuditLimit = 100;

/** The default number of existing rows `xcap audit --follow` prints before the new ones. */
export const defaultFollowBacklog = 10;

/**
 * `xcap audit [--app A] [--tool T] [--status S] [--since ISO] [--limit N]
 * [--json | --format jsonl|csv|table] [--follow] [--store URL]`: the audit
 * log, newest first, as a table, one JSON array (`--json`), JSON lines or
 * CSV. The SQLite log is opened read-only (a read-only file, folder or file
 * system works; nothing is written); a data directory without a log has no
 * rows (nothing is created). With `--store` the rows come from PostgreSQL,
 * each with the `host` that served the call (a column of the table).
 *
 * `--follow` prints the newest `--limit` matching rows (default 10) oldest
 * first, then every new row as it is committed (`followAudit`), until
 * SIGINT or SIGTERM (exit 0) or until its reader goes away (EPIPE, exit 0).
 * Its format defaults to `table` on a terminal and `jsonl` otherwise.
 */
export async function auditCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const filter = {
    ...(typeof options.app === 'string' ? { app: options.app } : {}),
    ...(typeof options.tool === 'string' ? { tool: options.tool } : {}),
    ...(typeof options.status === 'string' ? { status: options.status as AuditStatus } : {}),
    ...(typeof options.since === 'string' ? { since: options.since } : {}),
  };
  const format = typeof options.format === 'string' ? (options.format as AuditFormat) : undefined;
  if (options.follow === true) {
    const limit = typeof options.limit === 'number' ? options.limit : defaultFollowBacklog;
    await withCommandStores(options, io, (stores) => follow(stores, filter, limit, format ?? (io.stdoutIsTerminal === true ? 'table' : 'jsonl'), io));
    return;
  }
  const query = { ...filter, limit: typeof options.limit === 'number' ? options.limit : defaultAuditLimit };
  const { rows, where, shared } = await withCommandStores(options, io, async (stores) => ({
    rows: await stores.auditRows(query),
    where: stores.where.audit,
    shared: stores.shared,
  }));
  if (options.json === true) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
  else if (format === 'jsonl' || format === 'csv') {
    const printer = auditRowPrinter(format, shared);
    io.stdout(`${printer.head}${rows.map((row) => printer.row(row)).join('')}`);
  } else if (rows.length === 0) io.stdout(`no audit rows in ${where}${Object.keys(query).length > 1 ? ' matching the filter' : ''}\n`);
  else io.stdout(`${auditTable(rows).join('\n')}\n`);
}

/** True when `row` matches the command's filter (what the stored log's query would select). */
function matcher(filter: AuditQuery): (row: CommandAuditRow) => boolean {
  const since = filter.since === undefined ? undefined : Date.parse(filter.since);
  return (row) =>
    (filter.app === undefined || row.appId === filter.app) &&
    (filter.tool === undefined || row.tool === filter.tool) &&
    (filter.status === undefined || row.status === filter.status) &&
    (since === undefined || Date.parse(row.at) >= since);
}

async function follow(stores: CommandStores, filter: AuditQuery, backlog: number, format: AuditFormat, io: CliIo): Promise<void> {
  const printer = auditRowPrinter(format, stores.shared);
  const stop = new AbortController();
  const release = io.onStopSignal?.(() => stop.abort()) ?? (() => undefined);
  try {
    // The last id first: backlog rows above it are left to the follower, so none prints twice.
    const [last] = await stores.auditRows({ limit: 1 });
    const afterId = last?.id ?? 0;
    const recent = (await stores.auditRows({ ...filter, limit: backlog })).filter((row) => row.id <= afterId).reverse();
    io.stdout(printer.head + recent.map((row) => printer.row(row)).join(''));
    await stdoutWritten(io);
    await followAudit({
      page: (after, limit) => stores.auditRows({ afterId: after, limit }),
      matches: matcher(filter),
      afterId,
      signal: stop.signal,
      warn: (text) => io.stderr(`xcap: audit --follow: ${text}\n`),
      print: async (rows) => {
        io.stdout(rows.map((row) => printer.row(row)).join(''));
        await stdoutWritten(io);
      },
    });
  } finally {
    release();
  }
}
