import { auditStatuses } from './audit-statuses.js';

/**
 * What keeps `row` from having audit.json's shape, or `undefined` when it has
 * it: the field (`''` for the row itself) and the problem in words, e.g.
 * `{ field: 'tool', problem: 'must be a string, got number' }`. The one check
 * behind `auditRowColumns` (every sink's write) and a spill file's reader.
 */
export function auditRowProblem(row: unknown): { readonly field: string; readonly problem: string } | undefined {
  if (typeof row !== 'object' || row === null) return { field: '', problem: 'must be an audit row object' };
  const { appId, clientId, tool, status, error, argsHash } = row as Record<string, unknown>;
  for (const [field, value] of [
    ['appId', appId],
    ['clientId', clientId],
    ['tool', tool],
    ['argsHash', argsHash],
  ] as const) {
    if (typeof value !== 'string') return { field, problem: `must be a string, got ${typeof value}` };
  }
  if (typeof status !== 'string' || !auditStatuses.has(status))
    return {
      field: 'status',
      problem: `must be one of ${[...auditStatuses].join(', ')}, got ${(JSON.stringify(status) as string | undefined) ?? typeof status}`,
    };
  if (error !== null && typeof error !== 'string') return { field: 'error', problem: `must be a string or null, got ${typeof error}` };
  return undefined;
}
