import path from 'node:path';
import { auditRowProblem, type AuditRow, type AuditWriteMeta } from '@xcap/audit';
import { isObject } from '@xcap/wire';

/** The spill file's name in the data directory: audit rows that could not be committed before the host exited, replayed at the next start. */
export const auditSpillFileName = 'audit-spill.jsonl';

/** The most rows a spill file holds; rows beyond it are not kept (and counted lost). */
export const maxSpillRows = 10_000;

/** The longest line (one row, UTF-8 bytes) a spill file holds; a longer row is not kept (and counted lost), a longer line is not valid. */
export const maxSpillLineBytes = 8_192;

/** The spill file of the data directory `dataDir`. */
export function auditSpillPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), auditSpillFileName);
}

/** One row read back from a spill file. */
export interface SpilledRow {
  readonly row: AuditRow;
  readonly meta?: AuditWriteMeta;
}

/**
 * A row the call path could not commit, as the spill file keeps it: the row, its call's time and when it was queued.
 * `PendingAuditRow` of `@xcap/call` is one (a store depends on no call path).
 */
export interface SpillableRow {
  readonly row: AuditRow;
  readonly meta?: AuditWriteMeta;
  /** When the row was queued (ISO 8601). */
  readonly since: string;
}

/** The spill file's line of a pending row (no newline): `{"row": {…}, "meta": {…}, "since": "…"}`. */
export function spillLine(pending: SpillableRow): string {
  const { appId, clientId, tool, status, error, argsHash } = pending.row;
  return JSON.stringify({
    row: { appId, clientId, tool, status, error, argsHash },
    ...(pending.meta === undefined ? {} : { meta: pending.meta }),
    since: pending.since,
  });
}

/** Reads one spill line: the row and its meta, or the problem that makes the line not valid (the row checked by `auditRowProblem` of `@xcap/audit`). */
export function parseSpillLine(line: string): SpilledRow | { readonly problem: string } {
  if (Buffer.byteLength(line) > maxSpillLineBytes) return { problem: `longer than ${maxSpillLineBytes} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { problem: 'not JSON' };
  }
  if (!isObject(value)) return { problem: 'not a JSON object' };
  const row = value['row'];
  if (!isObject(row)) return { problem: '/row: not an object' };
  // The one row-shape check of every sink's write (auditRowColumns), as a JSON pointer and its problem.
  const rowProblem = auditRowProblem(row);
  if (rowProblem !== undefined) return { problem: `/row/${rowProblem.field}: ${rowProblem.problem}` };
  const meta = value['meta'];
  if (meta !== undefined) {
    if (!isObject(meta)) return { problem: '/meta: not an object' };
    if (typeof meta['at'] !== 'string') return { problem: '/meta/at: not a string' };
    if (typeof meta['durationMs'] !== 'number') return { problem: '/meta/durationMs: not a number' };
  }
  const audit: AuditRow = {
    appId: row['appId'] as string,
    clientId: row['clientId'] as string,
    tool: row['tool'] as string,
    status: row['status'] as AuditRow['status'],
    error: row['error'] as string | null,
    argsHash: row['argsHash'] as string,
  };
  if (meta === undefined) return { row: audit };
  return { row: audit, meta: { at: meta['at'] as string, durationMs: meta['durationMs'] as number } };
}
