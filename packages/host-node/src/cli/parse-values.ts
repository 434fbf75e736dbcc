import { InvalidArgumentError } from 'commander';
import type { AuditStatus } from '@xcap/audit';

/** `--limit`: a whole number from 1 to 1,000,000. */
export function parseLimit(value: string): number {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError('not a whole number from 1 to 1000000');
  const n = Number(value);
  if (n < 1 || n > 1_000_000) throw new InvalidArgumentError('not a whole number from 1 to 1000000');
  return n;
}

/** `--since`: an ISO 8601 / RFC 3339 time (`2026-07-14`, `2026-07-14T05:40:00Z`), answered as ISO in UTC. */
export function parseSince(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?$/.test(value)) {
    throw new InvalidArgumentError('not an ISO 8601 time (e.g. 2026-07-14 or 2026-07-14T05:40:00Z)');
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new InvalidArgumentError('not a real date and time');
  return new Date(time).toISOString();
}

/** Every audit status, as `--status` takes them. */
export const auditStatuses: readonly AuditStatus[] = ['ok', 'failed', 'invalid', 'upstream', 'denied'];
