import { statSync } from 'node:fs';
import path from 'node:path';
import type { AuditRow } from '@xcap/audit';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateAuditDb } from '../src/audit-schema.js';
import { SqliteAuditSink } from '../src/index.js';
import { tempDir } from '@xcap/test-support';

const row: AuditRow = { appId: 'acme.album', clientId: 'run-7', tool: 'photos__list', status: 'ok', error: null, argsHash: `sha256:${'0'.repeat(64)}` };

/** The page size and the number of rows, read back through a second connection. */
function pagesOf(file: string): { pageSize: number; rows: number } {
  const db = new Sqlite(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const rows = db.prepare('SELECT count(*) FROM audit').pluck().get() as number;
  db.close();
  return { pageSize, rows };
}

describe('SqliteAuditSink pages and checkpoints', () => {
  it('a new file gets 1 KiB pages; the WAL stays near 4 MiB over many one-row commits', async () => {
    const file = path.join(tempDir(), 'audit.sqlite');
    const sink = new SqliteAuditSink(file, { synchronous: 'normal' });
    let largestWal = 0;
    for (let i = 0; i < 1500; i++) {
      await sink.write(row);
      largestWal = Math.max(largestWal, statSync(`${file}-wal`).size);
    }
    expect(pagesOf(file)).toEqual({ pageSize: 1024, rows: 1500 });
    // 1,500 one-row commits append far more than 4 MiB of 1 KiB frames; checkpoints reuse the WAL from its start.
    expect(largestWal).toBeGreaterThan(1024 * 1024);
    expect(largestWal).toBeLessThan(4.5 * 1024 * 1024);
    sink.close();
  });

  it('an existing file keeps its page size, and its rows', async () => {
    const file = path.join(tempDir(), 'audit.sqlite');
    const old = new Sqlite(file);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    migrateAuditDb(old, file);
    old
      .prepare(
        "INSERT INTO audit (at, app_id, client_id, tool, status, error, args_hash) VALUES ('2026-07-14T05:40:00.000Z', 'acme.album', 'ui', 'photos__pick', 'ok', NULL, ?)",
      )
      .run(row.argsHash);
    old.close();
    const sink = new SqliteAuditSink(file);
    await sink.write(row);
    expect(sink.query().map((r) => r.tool)).toEqual(['photos__list', 'photos__pick']);
    sink.close();
    expect(pagesOf(file)).toEqual({ pageSize: 4096, rows: 2 });
  });
});
