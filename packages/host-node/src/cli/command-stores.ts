import type { AuditQuery, StoredAuditRow } from '@xcap/audit';
import type { GrantStore } from '@xcap/broker';
import type { Grant } from '@xcap/catalog';
import { maskConnectionString } from '@xcap/store-postgres';
import { FileGrantStore, FileTokenStore, tokenFilePath } from '@xcap/store-local';
import type { ManagedTokenStore } from '@xcap/tokens';
import { terminalText } from '../terminal-text.js';
import type { CliIo } from './cli-io.js';
import { dataDirAuditRows } from './data-dir-audit-rows.js';
import { dataDirOption } from './data-dir-option.js';
import { openStores, storeUrl } from './store-option.js';

/** An audit row as `xcap audit` shows it: the host column is there when the rows come from PostgreSQL. */
export interface CommandAuditRow extends StoredAuditRow {
  /** The host that served the call (PostgreSQL rows; `null` for rows of no named host). */
  readonly host?: string | null;
}

/** The stores a management command (`grant`, `grants`, `audit`, `token …`) works on, wherever they are. */
export interface CommandStores {
  /** The grants (`consent.json` or the PostgreSQL table). */
  readonly grants: GrantStore & { all(): Promise<Record<string, Record<string, Grant>>> };
  /** The HTTP tokens (`tokens.json` or the PostgreSQL table). */
  readonly tokens: ManagedTokenStore;
  /** The audit rows matching `filter`, newest first (nothing is created or written). */
  auditRows(filter: AuditQuery): Promise<readonly CommandAuditRow[]>;
  /** Where each store is, for a person (a path through `terminalText`, or the masked connection string). */
  readonly where: { readonly grants: string; readonly tokens: string; readonly audit: string };
  /** True on PostgreSQL. */
  readonly shared: boolean;
}

/**
 * Runs `work` on the command's stores: in PostgreSQL when `--store` or
 * `$XCAP_STORE` names a database (opened, then closed after `work`; the
 * data directory is not read), else in the data directory (`--data`,
 * checked by `dataDirOption`).
 */
export async function withCommandStores<T>(options: Record<string, unknown>, io: CliIo, work: (stores: CommandStores) => Promise<T>): Promise<T> {
  const url = storeUrl(options, io);
  if (url === undefined) {
    const paths = dataDirOption(options, io);
    const tokens = new FileTokenStore(tokenFilePath(paths.dir));
    return work({
      grants: new FileGrantStore(paths.consent),
      tokens,
      auditRows: async (filter) => dataDirAuditRows(paths.audit, filter),
      where: { grants: terminalText(paths.consent), tokens: terminalText(tokens.file), audit: terminalText(paths.audit) },
      shared: false,
    });
  }
  const stores = await openStores(url);
  const where = terminalText(maskConnectionString(url));
  try {
    return await work({
      grants: stores.grants,
      tokens: stores.tokens,
      auditRows: (filter) => stores.audit.query(filter),
      where: { grants: where, tokens: where, audit: where },
      shared: true,
    });
  } finally {
    await stores.close();
  }
}
