import type { AuditRow, AuditStatus } from './audit-row.js';
import { auditRowProblem } from './audit-row-problem.js';

/** One row's column values as a stored audit log keeps them, in this order. */
export type AuditRowColumns = readonly [
  at: string,
  appId: string,
  clientId: string,
  tool: string,
  status: AuditStatus,
  error: string | null,
  argsHash: string,
  durationMs: number | null,
  replayed: boolean,
];

/**
 * The column values of `row` for a sink that stores it (the SQLite log of
 * `@xcap/host-node`, the PostgreSQL one), after checking it has audit.json's
 * shape (`auditRowProblem`): anything else is a `TypeError` whose message starts with
 * `<sink>.write: row…`. `meta.at` (the call's start) is the row's time in UTC
 * as `toISOString` writes it — an `at` already in that form with a real
 * date is kept as it is — else the time of this write; `meta.durationMs`
 * (finite, not negative) is kept, else `null`; `replayed` is true only
 * when `meta.replayed` is `true` (a row replayed from a spill file).
 */
export function auditRowColumns(
  row: AuditRow,
  meta: { readonly at?: unknown; readonly durationMs?: unknown; readonly replayed?: unknown } | undefined,
  sink: string,
): AuditRowColumns {
  const problem = auditRowProblem(row);
  if (problem !== undefined) throw new TypeError(`${sink}.write: row${problem.field === '' ? '' : `.${problem.field}`} ${problem.problem}`);
  const { appId, clientId, tool, status, error, argsHash } = row;
  const duration = meta?.durationMs;
  const durationMs = typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null;
  return [timeOf(meta?.at), appId, clientId, tool, status, error, argsHash, durationMs, meta?.replayed === true];
}

/** `toISOString`'s form (UTC, milliseconds); an `at` already in it with a real date is kept as it is. */
const isoUtc = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** The row's time in UTC as `toISOString` writes it: `at` when it is a readable time, else now. */
function timeOf(at: unknown): string {
  if (typeof at !== 'string') return new Date().toISOString();
  const parts = isoUtc.exec(at);
  if (parts !== null) {
    const year = Number(parts[1]);
    const month = Number(parts[2]);
    const day = Number(parts[3]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)) return at;
  }
  const ms = Date.parse(at);
  return new Date(Number.isFinite(ms) ? ms : Date.now()).toISOString();
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
