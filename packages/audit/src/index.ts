/**
 * `@xcap/audit`: RFC 8785 canonical JSON, the arguments hash, the one audit
 * row of a broker call, audit sinks, and the read model and group commit
 * every stored audit log shares (`AuditQuery`, `StoredAuditRow`, `GroupCommit`).
 * @packageDocumentation
 */
export { canonicalJson } from './canonical-json.js';
export type { CanonicalJsonOptions } from './canonical-json.js';
export { argsHash } from './args-hash.js';
export type { AuditRow, AuditStatus } from './audit-row.js';
export { clipToolName, isOverlongToolName, maxToolNameLength } from './clip-tool-name.js';
export { brokerAuditRow, type BrokerAuditInput } from './broker-audit-row.js';
export type { AuditSink } from './audit-sink.js';
export type { AuditWriteMeta } from './audit-write-meta.js';
export { auditRowColumns, type AuditRowColumns } from './audit-row-columns.js';
export { auditStatuses } from './audit-statuses.js';
export { auditRowProblem } from './audit-row-problem.js';
export { checkAuditQuery, type AuditQuery, type AuditQueryCondition, type CheckedAuditQuery } from './audit-query.js';
export { auditQuerySql, type AuditQueryDialect, type AuditQueryStatement } from './audit-query-sql.js';
export { storedAuditRow, storedAuditColumns, type StoredAuditRow } from './stored-audit-row.js';
export { GroupCommit, type GroupCommitOptions } from './group-commit.js';
export { MemoryAuditSink } from './memory-audit-sink.js';
