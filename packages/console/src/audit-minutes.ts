import type { StoredAuditRow } from '@xcap/audit';
import type { AuditMinute } from './console-contract.js';

/**
 * The `minutes` last minutes up to `now` (ms), oldest first, each with the
 * number of `rows` per status that started in it; rows outside those minutes
 * are not counted.
 */
export function auditMinutes(rows: readonly Pick<StoredAuditRow, 'at' | 'status'>[], now: number, minutes = 60): AuditMinute[] {
  const last = Math.floor(now / 60_000);
  const first = last - minutes + 1;
  const counts = Array.from({ length: minutes }, () => new Map<string, number>());
  for (const row of rows) {
    const at = Date.parse(row.at);
    if (Number.isNaN(at)) continue;
    const bucket = counts[Math.floor(at / 60_000) - first];
    if (bucket !== undefined) bucket.set(row.status, (bucket.get(row.status) ?? 0) + 1);
  }
  return counts.map((bucket, index) => ({ minute: new Date((first + index) * 60_000).toISOString(), counts: Object.fromEntries(bucket) }));
}
