import { existsSync } from 'node:fs';
import type { AuditQuery, StoredAuditRow } from '@xcap/audit';
import { SqliteAuditSink } from '@xcap/store-local';

/**
 * The rows of the SQLite audit log at `file` matching `filter`, newest
 * first: the log is opened read-only for the query and closed again (a
 * read-only file, folder or file system works; nothing is written); a
 * missing log has no rows (nothing is created).
 */
export function dataDirAuditRows(file: string, filter: AuditQuery): StoredAuditRow[] {
  if (!existsSync(file)) return [];
  const sink = new SqliteAuditSink(file, { readonly: true });
  try {
    return sink.query(filter);
  } finally {
    sink.close();
  }
}
