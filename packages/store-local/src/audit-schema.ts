import type { Database } from 'better-sqlite3';
import { AuditSchemaError } from './audit-schema-error.js';

/**
 * The audit database's migrations, in order: step `i` takes the schema from
 * `PRAGMA user_version` `i` to `i + 1`. A later version appends a step and
 * never edits an old one.
 */
export const auditMigrations: readonly ((db: Database) => void)[] = [
  (db) => {
    db.exec(`
      CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        app_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        tool TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('ok', 'failed', 'invalid', 'upstream', 'denied')),
        error TEXT,
        args_hash TEXT NOT NULL,
        duration_ms REAL
      );
      CREATE INDEX audit_app ON audit (app_id);
      CREATE INDEX audit_tool ON audit (tool);
      CREATE INDEX audit_status ON audit (status);
      CREATE INDEX audit_at ON audit (at);
    `);
  },
  // 1 → 2: which rows were replayed from a spill file (issue 23): 1 for those, 0 for every row before and since.
  (db) => {
    db.exec('ALTER TABLE audit ADD COLUMN replayed INTEGER NOT NULL DEFAULT 0 CHECK (replayed IN (0, 1))');
  },
];

/** The schema version this code writes (`PRAGMA user_version` after every migration). */
export const auditSchemaVersion = auditMigrations.length;

/**
 * Brings the database to `auditSchemaVersion`, each step in its own
 * immediate transaction (two processes opening a new file at once migrate
 * it once). A version newer than this code knows is an `AuditSchemaError`:
 * the file is left untouched.
 */
export function migrateAuditDb(db: Database, file: string, migrations: readonly ((db: Database) => void)[] = auditMigrations): void {
  const latest = migrations.length;
  for (;;) {
    const done = db
      .transaction(() => {
        const version = userVersion(db);
        if (version > latest) {
          throw new AuditSchemaError(
            file,
            `has schema version ${version}, newer than the ${latest} this @xcap/host-node knows; open it with a newer @xcap/host-node`,
          );
        }
        if (version === latest) return true;
        const step = migrations[version];
        if (step === undefined) throw new AuditSchemaError(file, `no migration from schema version ${version}`);
        step(db);
        db.pragma(`user_version = ${version + 1}`);
        return false;
      })
      .immediate();
    if (done) return;
  }
}

/** The schema version recorded in the database (`PRAGMA user_version`). */
export function userVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}
