import type { AuditQuery, StoredAuditRow } from '@xcap/audit';
import type { GrantStore } from '@xcap/broker';
import type { Grant } from '@xcap/catalog';
import type { ManagedTokenStore } from '@xcap/tokens';

/** What the console reads and changes besides pending requests: the same stores `xcap grants`, `xcap token` and `xcap audit` use. */
export interface ConsoleStores {
  /** The grants (listed with `all`, revoked through `revokeGrant`). */
  readonly grants: GrantStore & { all(): Promise<Record<string, Record<string, Grant>>> };
  /** The HTTP tokens. */
  readonly tokens: ManagedTokenStore;
  /** The audit rows matching `filter`, newest first (the sink's query). */
  auditRows(filter: AuditQuery): Promise<readonly StoredAuditRow[]>;
}
