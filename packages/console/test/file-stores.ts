import { join } from 'node:path';
import type { StoredAuditRow } from '@xcap/audit';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';

/** The console's stores for a test: the grant and token files of `dir`, and `rows` as the audit log (filtered by tool and status, cut at `limit`). */
export function fileStores(dir: string, rows: readonly StoredAuditRow[]) {
  return {
    grants: new FileGrantStore(join(dir, 'consent.json')),
    tokens: new FileTokenStore(join(dir, 'tokens.json')),
    auditRows: (filter: { app?: string; tool?: string; status?: string; limit?: number }) =>
      Promise.resolve(
        rows
          .filter((r) => (filter.tool === undefined || r.tool === filter.tool) && (filter.status === undefined || r.status === filter.status))
          .slice(0, filter.limit),
      ),
  };
}
