import pg from 'pg';
import { StoreClient } from './store-client.js';
import { connectionSecrets, maskConnectionString, scrubSecrets } from './mask-connection-string.js';
import { PostgresAuditSink } from './postgres-audit-sink.js';
import { PostgresBlobStore } from './postgres-blob-store.js';
import { PostgresDatabase, type PostgresLocation } from './postgres-database.js';
import { PostgresGrantStore } from './postgres-grant-store.js';
import { PostgresConsentNonceStore } from './postgres-consent-nonce-store.js';
import { PostgresStoreError } from './postgres-store-error.js';
import { sharedKey } from './postgres-shared-key.js';
import { PostgresTokenStore } from './postgres-token-store.js';

/** Options of `createPostgresStores`. */
export interface PostgresStoresOptions extends PostgresLocation {
  /** Create or migrate the schema on open (default true); false: call `database.migrate()` yourself. */
  readonly migrate?: boolean;
  /** The per-app file quota in bytes (default 1 GiB). */
  readonly quotaBytes?: number;
  /** The most audit rows per transaction (default 4096). */
  readonly maxAuditBatch?: number;
  /** The `host` column of this host's audit rows. */
  readonly host?: string;
  /** Connections in the pool this call opens (default 10; ignored for a pool you pass). */
  readonly poolSize?: number;
  /** How long getting a connection may take before the operation fails (default 5000 ms; for a pool this call opens). */
  readonly connectTimeoutMs?: number;
  /** How long one statement may take before it fails (default 30000 ms; for a pool this call opens). */
  readonly statementTimeoutMs?: number;
  /**
   * Told about errors of idle connections (the server restarted, the
   * network dropped), with the password scrubbed; such a connection is
   * dropped from the pool and the next query opens a new one. Default:
   * ignored (the next query reports a lasting problem).
   */
  readonly onPoolError?: (error: PostgresStoreError) => void;
}

/** The stores on one database, and the pool they share. */
export interface PostgresStores {
  /** The pool, schema and table names (`migrate()`, `version()`). */
  readonly database: PostgresDatabase;
  /** Consent answers (`GrantStore`). */
  readonly grants: PostgresGrantStore;
  /** App files (`BlobStore`). */
  readonly blobs: PostgresBlobStore;
  /** The audit log (`AuditSink`). */
  readonly audit: PostgresAuditSink;
  /** HTTP bearer tokens (`TokenStore`). */
  readonly tokens: PostgresTokenStore;
  /** The nonces of answered consent states (`ConsentNonceStore`), so a state is answered once on any host. */
  readonly consentNonces: PostgresConsentNonceStore;
  /** The key named `name` every host on the database shares (created on first use; `sharedKey`). */
  sharedKey(name: string): Promise<Uint8Array>;
  /** Commits waiting audit rows, then ends the pool if this call opened it. */
  close(): Promise<void>;
}

/**
 * Opens the stores on a PostgreSQL database: `target` is a connection
 * string (`postgres://user:password@host:5432/db`; a pool is opened and
 * ended by `close()`) or a `pg.Pool` you own. Checks the connection and
 * (unless `migrate: false`) creates or migrates the schema before it
 * resolves. Rejects with a `PostgresStoreError` (one line, password
 * masked) when the server cannot be reached, and with a
 * `PostgresSchemaError` for a database of a newer schema version.
 */
export async function createPostgresStores(target: string | pg.Pool, options: PostgresStoresOptions = {}): Promise<PostgresStores> {
  const owned = typeof target === 'string';
  const label = owned ? maskConnectionString(target) : 'PostgreSQL (pool)';
  const secrets = owned ? connectionSecrets(target) : [];
  let pool: pg.Pool;
  if (owned) {
    if (!/^postgres(?:ql)?:\/\//i.test(target))
      throw new PostgresStoreError(`${label}: not a PostgreSQL connection string (it must start with postgres:// or postgresql://)`);
    try {
      pool = new pg.Pool({
        connectionString: target,
        Client: StoreClient,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
        query_timeout: options.statementTimeoutMs ?? 30_000,
        idleTimeoutMillis: 30_000,
      });
    } catch (error) {
      throw new PostgresStoreError(`${label}: not a usable connection string (${scrub(error, secrets)})`);
    }
  } else {
    pool = target;
  }
  const database = new PostgresDatabase(pool, { ...location(options), label, secrets });
  const onPoolError = options.onPoolError;
  const poolErrors = (error: Error) => {
    try {
      onPoolError?.(database.error('keep an idle connection', error));
    } catch {
      // a failing listener must not crash the host
    }
  };
  pool.on('error', poolErrors);
  // The listener stays until an owned pool has ended: an idle client told "terminating connection" (57P01) while it
  // ends makes pg-pool emit 'error' on the pool, which would otherwise be an uncaught exception (a restart mid-close).
  const close = async () => {
    await audit.close();
    if (owned) await pool.end();
    pool.off('error', poolErrors);
  };
  const audit = new PostgresAuditSink(database, {
    ...(options.maxAuditBatch === undefined ? {} : { maxBatch: options.maxAuditBatch }),
    ...(options.host === undefined ? {} : { host: options.host }),
  });
  try {
    await database.query('connect', 'SELECT 1');
    if (options.migrate !== false) await database.migrate();
  } catch (error) {
    if (owned) await pool.end().catch(() => undefined);
    pool.off('error', poolErrors);
    throw error;
  }
  return {
    database,
    grants: new PostgresGrantStore(database),
    blobs: new PostgresBlobStore(database, options.quotaBytes === undefined ? {} : { quotaBytes: options.quotaBytes }),
    audit,
    tokens: new PostgresTokenStore(database),
    consentNonces: new PostgresConsentNonceStore(database),
    sharedKey: (name) => sharedKey(database, name),
    close,
  };
}

function location(options: PostgresLocation): PostgresLocation {
  return {
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.tablePrefix === undefined ? {} : { tablePrefix: options.tablePrefix }),
  };
}

function scrub(error: unknown, secrets: readonly string[]): string {
  return scrubSecrets(error instanceof Error ? error.message : String(error), secrets);
}
