/**
 * The eight audit rows the audit benches write over and over (row `n` is
 * `sampleAuditRows[n & 7]`): eight tools, the statuses a busy host sees
 * (mostly `ok`), two clients, distinct argument hashes.
 */
import type { AuditRow } from '../packages/audit/src/index.js';

const tools = ['photos__pick', 'photos__get', 'print__pdf', 'files__save', 'notifications__post', 'share__share', 'files__open', 'print__print'];
const statuses = ['ok', 'ok', 'ok', 'denied', 'ok', 'failed', 'invalid', 'upstream'] as const;

/** The audit benches' sample rows, eight of them. */
export const sampleAuditRows: readonly AuditRow[] = tools.map((tool, i) => ({
  appId: 'at.exponential.photobook',
  clientId: i % 2 === 0 ? 'ui' : 'run-3f9a1c2e7b5d4e60',
  tool,
  status: statuses[i] ?? 'ok',
  error: statuses[i] === 'denied' ? 'consentNeeded' : null,
  argsHash: `sha256:${(i + 1).toString(16).repeat(64).slice(0, 64)}`,
}));
