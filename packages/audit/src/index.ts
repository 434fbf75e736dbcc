/**
 * `@xcap/audit`: RFC 8785 canonical JSON, the arguments hash, the one audit
 * row of a broker call, and audit sinks.
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
export { auditRowColumns, auditStatuses, type AuditRowColumns } from './audit-row-columns.js';
export { MemoryAuditSink } from './memory-audit-sink.js';
