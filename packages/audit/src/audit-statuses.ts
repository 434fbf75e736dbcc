import type { AuditStatus } from './audit-row.js';

/** The statuses an audit row may have (audit.json's enum; a stored log's CHECK). */
export const auditStatuses: ReadonlySet<string> = new Set<AuditStatus>(['ok', 'failed', 'invalid', 'upstream', 'denied']);
