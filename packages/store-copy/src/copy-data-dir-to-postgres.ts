import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { PostgresClient, PostgresStores } from '@xcap/store-postgres';
import {
  appFolderName,
  checkDataDir,
  dataPaths,
  FileBlobStore,
  parseTokenFile,
  readGrantFile,
  SqliteAuditSink,
  type StoredToken,
  tokenFilePath,
} from '@xcap/store-local';
import { StoreCopyError } from './store-copy-error.js';

/** What `copyDataDirToPostgres` copied and checked. */
export interface StoreCopySummary {
  /** Grant rows (app, scope, answer). */
  readonly grants: number;
  /** App files. */
  readonly files: number;
  /** Their bytes together. */
  readonly fileBytes: number;
  /** Audit rows (with their time and duration; no host). */
  readonly auditRows: number;
  /** HTTP tokens (their SHA-256 digests). */
  readonly tokens: number;
  /** The SHA-256 of the audit rows' `argsHash`, app, client, tool and status in log order, the same on both sides (hex). */
  readonly auditDigest: string;
}

/** The rows of each xcap table. */
type TableCounts = { grants: number; files: number; 'audit rows': number; tokens: number };

/** What the copy's transaction did: `refused` holds the target's counts when it was not empty (nothing written). */
interface Copied {
  readonly refused: TableCounts | undefined;
  readonly grantRows: number;
  readonly tokenRows: number;
  readonly files: readonly SourceFile[];
  readonly auditRows: number;
  readonly auditDigest: string;
}

/** Audit rows per INSERT while copying. */
const auditBatch = 1000;

/** One audit row as the SQLite log holds it. */
interface SqliteAuditRow {
  readonly id: number;
  readonly at: string;
  readonly app_id: string;
  readonly client_id: string;
  readonly tool: string;
  readonly status: string;
  readonly error: string | null;
  readonly args_hash: string;
  readonly duration_ms: number | null;
  /** 1 for a row replayed from a spill file (0 in a log from before the column). */
  readonly replayed: number;
}

/** One app file found in the data directory. */
interface SourceFile {
  readonly app: string;
  readonly fileId: string;
  readonly size: number;
  readonly sha256: string;
}

/**
 * Copies a host's data directory into the PostgreSQL stores: the grants
 * (`consent.json`), the app files (`files/`, same file ids, names, types
 * and times), the audit rows (`audit.sqlite`, in log order, with their
 * time and duration; the `host` column stays NULL) and the HTTP tokens
 * (`tokens.json`, only digests). Everything is written in ONE transaction,
 * so a failed copy leaves the database as it was, and only into a target
 * whose four tables are empty: a non-empty target is a `StoreCopyError`
 * and nothing is written (copy once, before any host uses the database).
 * After the commit the database is read back: row counts of every table,
 * every grant and token digest, every file's size and SHA-256, and the
 * audit rows' `argsHash` (with app, client, tool and status) in order must
 * equal the source's, else a `StoreCopyError` says what differs. The data
 * directory must pass `checkDataDir` and is only read (stop the host
 * using it first: rows it writes meanwhile are not copied).
 */
export async function copyDataDirToPostgres(dataDir: string, stores: PostgresStores): Promise<StoreCopySummary> {
  const paths = dataPaths(dataDir);
  const info = statSync(paths.dir, { throwIfNoEntry: false });
  if (info === undefined || !info.isDirectory()) throw new StoreCopyError(`${paths.dir}: no such data directory`);
  checkDataDir(paths);
  const grants = readGrantFile(paths.consent)?.grants ?? {};
  const tokenFile = tokenFilePath(paths.dir);
  const tokens: Record<string, StoredToken> = existsSync(tokenFile) ? parseTokenFile(tokenFile, readFileSync(tokenFile, 'utf8')).tokens : {};
  const audit = openAuditLog(paths.audit);
  try {
    const auditApps = audit === undefined ? [] : (audit.prepare('SELECT DISTINCT app_id FROM audit').pluck().all() as string[]);
    const apps = appsWithFiles(paths.files, new Set([...Object.keys(grants), ...auditApps]));
    const db = stores.database;
    const n = db.names;
    const blobs = new FileBlobStore(paths.files);
    const copied = await db.transaction('copy a data directory', async (client): Promise<Copied> => {
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [db.lockKey('copy')]);
      const before = await tableCounts(client, stores);
      if (Object.values(before).some((count) => count > 0)) return { refused: before, grantRows: 0, tokenRows: 0, files: [], auditRows: 0, auditDigest: '' };
      const grantRows = Object.entries(grants).flatMap(([app, scopes]) => Object.entries(scopes).map(([scope, grant]) => [app, scope, grant] as const));
      await client.query(`INSERT INTO ${n.grants} (app_id, scope, "grant") SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`, columnsOf(grantRows, 3));
      const tokenRows = Object.entries(tokens).map(([name, token]) => [name, token.sha256, token.created] as const);
      await client.query(
        `INSERT INTO ${n.tokens} (name, sha256, created) SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])`,
        columnsOf(tokenRows, 3),
      );
      const files: SourceFile[] = [];
      for (const app of apps) {
        for (const listed of await blobs.list(app)) {
          const blob = await blobs.get(app, listed.fileId);
          if (blob === undefined) continue;
          const bytes = Buffer.from(blob.bytes.buffer, blob.bytes.byteOffset, blob.bytes.byteLength);
          const metaBytes = Buffer.byteLength(
            `${JSON.stringify({ name: blob.name, mimeType: blob.mimeType, size: bytes.length, createdAt: listed.createdAt })}\n`,
          );
          await client.query(
            `INSERT INTO ${n.files} (app_id, file_id, name, mime_type, size, meta_bytes, created_at, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [app, listed.fileId, blob.name, blob.mimeType, bytes.length, metaBytes, listed.createdAt, bytes],
          );
          files.push({ app, fileId: listed.fileId, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
        }
      }
      const auditDigest = createHash('sha256');
      let auditRows = 0;
      if (audit !== undefined) {
        let batch: SqliteAuditRow[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const rows = batch.map(
            (r) => [new Date(r.at).toISOString(), r.app_id, r.client_id, r.tool, r.status, r.error, r.args_hash, r.duration_ms, r.replayed === 1] as const,
          );
          await client.query(
            `INSERT INTO ${n.audit} (at, app_id, client_id, tool, status, error, args_hash, duration_ms, replayed)
             SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::boolean[])`,
            columnsOf(rows, 9),
          );
          batch = [];
        };
        for (const row of audit
          .prepare(
            `SELECT id, at, app_id, client_id, tool, status, error, args_hash, duration_ms, ${hasReplayed(audit) ? 'replayed' : '0 AS replayed'} FROM audit ORDER BY id`,
          )
          .iterate() as IterableIterator<SqliteAuditRow>) {
          auditDigest.update(auditLine(row.args_hash, row.app_id, row.client_id, row.tool, row.status));
          batch.push(row);
          auditRows++;
          if (batch.length >= auditBatch) await flush();
        }
        await flush();
      }
      return { refused: undefined, grantRows: grantRows.length, tokenRows: tokenRows.length, files, auditRows, auditDigest: auditDigest.digest('hex') };
    });
    if (copied.refused !== undefined) {
      const counts = Object.entries(copied.refused)
        .filter(([, count]) => count > 0)
        .map(([table, count]) => `${count} ${table}`)
        .join(', ');
      throw new StoreCopyError(`${db.label} is not empty (${counts}): xcap store copy writes only into a database no host has used yet; nothing was copied`);
    }
    await verify(stores, grants, tokens, copied.files, copied.auditRows, copied.auditDigest);
    return {
      grants: copied.grantRows,
      files: copied.files.length,
      fileBytes: copied.files.reduce((sum, file) => sum + file.size, 0),
      auditRows: copied.auditRows,
      tokens: copied.tokenRows,
      auditDigest: copied.auditDigest,
    };
  } finally {
    audit?.close();
  }
}

/** Reads the database back and compares it with what was copied; a `StoreCopyError` names the first difference. */
async function verify(
  stores: PostgresStores,
  grants: Record<string, Record<string, string>>,
  tokens: Record<string, StoredToken>,
  files: readonly SourceFile[],
  auditRows: number,
  auditDigest: string,
): Promise<void> {
  const db = stores.database;
  const n = db.names;
  const differs = (what: string) => new StoreCopyError(`${db.label}: the copy does not match the data directory: ${what}`);
  const counts = await tableCounts(db, stores);
  const grantCount = Object.values(grants).reduce((sum, scopes) => sum + Object.keys(scopes).length, 0);
  const expected = { grants: grantCount, files: files.length, 'audit rows': auditRows, tokens: Object.keys(tokens).length };
  for (const [table, count] of Object.entries(expected)) {
    const found = counts[table as keyof typeof counts];
    if (found !== count) throw differs(`${found} ${table} in the database, ${count} in the data directory`);
  }
  const storedGrants = await stores.grants.all();
  for (const [app, scopes] of Object.entries(grants)) {
    for (const [scope, grant] of Object.entries(scopes))
      if (storedGrants[app]?.[scope] !== grant) throw differs(`the grant ${JSON.stringify(app)} ${JSON.stringify(scope)}`);
  }
  const storedTokens = await db.query<{ name: string; sha256: string }>('read the tokens back', `SELECT name, sha256 FROM ${n.tokens}`);
  const digests = new Map(storedTokens.rows.map((r) => [r.name, r.sha256]));
  for (const [name, token] of Object.entries(tokens)) if (digests.get(name) !== token.sha256) throw differs(`the token ${name}`);
  const storedFiles = await db.query<{ app_id: string; file_id: string; size: string; sha256: string }>(
    'read the files back',
    `SELECT app_id, file_id, size::text AS size, encode(sha256(bytes), 'hex') AS sha256 FROM ${n.files}`,
  );
  const fileKey = (app: string, id: string) => JSON.stringify([app, id]);
  const stored = new Map(storedFiles.rows.map((r) => [fileKey(r.app_id, r.file_id), r]));
  for (const file of files) {
    const row = stored.get(fileKey(file.app, file.fileId));
    if (row === undefined || Number(row.size) !== file.size || row.sha256 !== file.sha256)
      throw differs(`the file ${file.fileId} of ${JSON.stringify(file.app)}`);
  }
  const digest = createHash('sha256');
  let lastId = '0';
  for (;;) {
    const page = await db.query<{ id: string; args_hash: string; app_id: string; client_id: string; tool: string; status: string }>(
      'read the audit rows back',
      // pg answers a bigint as a string; ORDER BY names the column itself (an `id::text AS id` alias would sort as text).
      `SELECT id, args_hash, app_id, client_id, tool, status FROM ${n.audit} WHERE id > $1::bigint ORDER BY id LIMIT 5000`,
      [lastId],
    );
    for (const r of page.rows) digest.update(auditLine(r.args_hash, r.app_id, r.client_id, r.tool, r.status));
    const last = page.rows.at(-1);
    if (last === undefined) break;
    lastId = last.id;
  }
  if (digest.digest('hex') !== auditDigest) throw differs("the audit rows' argsHashes (or their app, client, tool or status) differ in content or order");
}

/** The rows of each xcap table, through a transaction's client or the pool. */
async function tableCounts(client: PostgresClient | PostgresStores['database'], stores: PostgresStores): Promise<TableCounts> {
  const n = stores.database.names;
  const sql = `SELECT (SELECT count(*) FROM ${n.grants})::int AS grants, (SELECT count(*) FROM ${n.files})::int AS files, (SELECT count(*) FROM ${n.audit})::int AS audit, (SELECT count(*) FROM ${n.tokens})::int AS tokens`;
  const result = 'names' in client ? await client.query<Record<string, number>>('count the rows', sql) : await client.query<Record<string, number>>(sql);
  const row = result.rows[0] ?? {};
  return { grants: row['grants'] ?? 0, files: row['files'] ?? 0, 'audit rows': row['audit'] ?? 0, tokens: row['tokens'] ?? 0 };
}

/** The line one audit row adds to the digest both sides compute. */
function auditLine(argsHash: string, app: string, client: string, tool: string, status: string): string {
  return `${JSON.stringify([argsHash, app, client, tool, status])}\n`;
}

/** Rows as the column arrays an `unnest(…)` INSERT takes. */
function columnsOf(rows: readonly (readonly unknown[])[], width: number): unknown[][] {
  const columns: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) for (let i = 0; i < width; i++) (columns[i] as unknown[]).push(row[i]);
  return columns;
}

/** The audit log opened read-only (its schema version checked), or `undefined` when there is none or it has no audit table. */
/** Whether the log has the `replayed` column (schema version 2 on; the copy reads an older log without migrating it). */
function hasReplayed(db: Sqlite.Database): boolean {
  return (db.prepare('PRAGMA table_info(audit)').all() as { name: string }[]).some((column) => column.name === 'replayed');
}

function openAuditLog(file: string): Sqlite.Database | undefined {
  if (!existsSync(file)) return undefined;
  // Checks the schema version (a newer log is an AuditSchemaError) before anything is read.
  new SqliteAuditSink(file, { readonly: true }).close();
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit'").get() === undefined) {
    db.close();
    return undefined;
  }
  return db;
}

/**
 * The app ids of the folders in `files/`: an `app-…` folder name is
 * decoded (and must encode back to itself); an `app~<sha256>` one (a long
 * id) is matched against `known` (the apps of the grants and the audit
 * log). A folder neither explains is a `StoreCopyError` naming it.
 */
function appsWithFiles(filesDir: string, known: ReadonlySet<string>): string[] {
  if (!existsSync(filesDir)) return [];
  const hashed = new Map([...known].map((app) => [appFolderName(app), app]));
  const apps: string[] = [];
  for (const name of readdirSync(filesDir).sort()) {
    if (name.startsWith('.')) continue;
    const app = name.startsWith('app-') ? decodeFolderName(name) : hashed.get(name);
    if (app === undefined || appFolderName(app) !== name)
      throw new StoreCopyError(
        `${path.join(filesDir, name)}: not the folder of an app this data directory knows (no grant or audit row names the app it stands for); move it away to copy the rest`,
      );
    apps.push(app);
  }
  return apps;
}

/** The app id an `app-…` folder name spells (`appFolderName` backwards), or `undefined`. */
function decodeFolderName(name: string): string | undefined {
  let out = '';
  for (let i = 4; i < name.length; i++) {
    const char = name[i] as string;
    if (char !== '_') {
      out += char;
      continue;
    }
    const hex = name.slice(i + 1, i + 5);
    if (!/^[0-9a-f]{4}$/.test(hex)) return undefined;
    out += String.fromCharCode(Number.parseInt(hex, 16));
    i += 4;
  }
  return out === '' ? undefined : out;
}
