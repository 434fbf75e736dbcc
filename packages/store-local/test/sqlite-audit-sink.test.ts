import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditRow, AuditSink, AuditStatus } from '@xcap/audit';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { auditMigrations, migrateAuditDb, userVersion } from '../src/audit-schema.js';
import { AuditSchemaError, SqliteAuditSink, auditSchemaVersion } from '../src/index.js';
import { tempDir, errorOf } from '@xcap/test-support';

function row(n: number, overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    appId: 'acme.album',
    clientId: 'ui',
    tool: 'photos__pick',
    status: 'ok',
    error: null,
    argsHash: `sha256:${String(n).padStart(64, '0')}`,
    ...overrides,
  };
}

function setup(options: ConstructorParameters<typeof SqliteAuditSink>[1] = {}) {
  const file = path.join(tempDir(), 'audit.sqlite');
  return { file, sink: new SqliteAuditSink(file, options) };
}

describe('SqliteAuditSink', () => {
  it('is an AuditSink that stores the row, the call’s start time and its duration', async () => {
    const { sink } = setup();
    const asSink: AuditSink = sink;
    await asSink.write(row(1, { status: 'denied', error: 'consentNeeded', clientId: 'run-7' }), { at: '2026-03-01T10:00:00+01:00', durationMs: 12.5 });
    expect(sink.query()).toEqual([
      {
        id: 1,
        at: '2026-03-01T09:00:00.000Z',
        durationMs: 12.5,
        appId: 'acme.album',
        clientId: 'run-7',
        tool: 'photos__pick',
        status: 'denied',
        error: 'consentNeeded',
        argsHash: row(1).argsHash,
        replayed: false,
      },
    ]);
    sink.close();
  });

  it('without meta (or with unreadable meta) stores the time of the write and a NULL duration', async () => {
    const { sink } = setup();
    const before = Date.now();
    await sink.write(row(1));
    await sink.write(row(2), { at: 'not a time', durationMs: Number.NaN });
    await sink.write(row(3), { durationMs: -1 });
    for (const stored of sink.query()) {
      expect(stored.durationMs).toBeNull();
      expect(Date.parse(stored.at)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(stored.at)).toBeLessThanOrEqual(Date.now());
    }
    sink.close();
  });

  it('stores a time already in toISOString form as it is, and normalises any other readable time to it', async () => {
    const { sink } = setup();
    const times = ['2024-02-29T23:59:59.999Z', '2026-03-01T10:00:00+01:00', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00.5z'];
    for (const [i, at] of times.entries()) await sink.write(row(i), { at, durationMs: 0 });
    expect(
      sink
        .query()
        .map((r) => r.at)
        .reverse(),
    ).toEqual(['2024-02-29T23:59:59.999Z', '2026-03-01T09:00:00.000Z', '2026-03-01T09:00:00.000Z', '2026-03-01T09:00:00.500Z']);
    expect(sink.query()[0]?.durationMs).toBe(0);
    sink.close();
  });

  it('query, count and close commit the rows still waiting for their tick first', async () => {
    const { file, sink } = setup();
    const first = sink.write(row(1));
    expect(sink.query().map((r) => r.argsHash)).toEqual([row(1).argsHash]);
    const second = sink.write(row(2));
    expect(sink.count()).toBe(2);
    const third = sink.write(row(3));
    sink.close();
    await Promise.all([first, second, third]);
    const reader = new SqliteAuditSink(file, { readonly: true });
    expect(reader.count()).toBe(3);
    reader.close();
  });

  it('pages forward with afterId: rows above the id, oldest first, the limit keeping the oldest, with the other filters', async () => {
    const { sink } = setup();
    for (let n = 1; n <= 5; n++) await sink.write(row(n, n === 4 ? { tool: 'print__pdf' } : {}));
    expect(sink.query({ afterId: 2 }).map((r) => r.id)).toEqual([3, 4, 5]);
    expect(sink.query({ afterId: 0, limit: 2 }).map((r) => r.id)).toEqual([1, 2]);
    expect(sink.query({ afterId: 2, tool: 'photos__pick' }).map((r) => r.id)).toEqual([3, 5]);
    expect(sink.query({ afterId: 5 })).toEqual([]);
    expect(() => sink.query({ afterId: -1 })).toThrow(errorOf(RangeError, 'SqliteAuditSink.query: afterId must be a non-negative integer, got -1'));
    sink.close();
  });

  it('survives a restart: a new instance reads the old rows and appends after them', async () => {
    const { file, sink } = setup();
    await sink.write(row(1));
    sink.close();
    const again = new SqliteAuditSink(file);
    await again.write(row(2));
    expect(again.query().map((r) => [r.id, r.argsHash])).toEqual([
      [2, row(2).argsHash],
      [1, row(1).argsHash],
    ]);
    again.close();
  });

  it('uses WAL, and has indexes for app, tool, status and time that queries use', () => {
    const { file, sink } = setup();
    const db = new Sqlite(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit' AND sql IS NOT NULL").all() as {
      name: string;
      sql: string;
    }[];
    expect(indexes.map((i) => i.sql.replace(/.*\((.*)\).*/, '$1')).sort()).toEqual(['app_id', 'at', 'status', 'tool']);
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('x'));
    expect(plan('SELECT * FROM audit WHERE app_id = ? ORDER BY id DESC')).toContain('audit_app');
    expect(plan('SELECT * FROM audit WHERE tool = ? ORDER BY id DESC')).toContain('audit_tool');
    expect(plan('SELECT * FROM audit WHERE status = ? ORDER BY id DESC')).toContain('audit_status');
    expect(plan('SELECT * FROM audit WHERE at >= ?')).toContain('audit_at');
    db.close();
    sink.close();
  });

  describe('group commit', () => {
    it('commits rows written in the same tick in one transaction', async () => {
      const { sink } = setup();
      await Promise.all(Array.from({ length: 1000 }, (_, i) => sink.write(row(i))));
      expect(sink.count()).toBe(1000);
      expect(sink.commits).toBe(1);
      sink.close();
    });

    it('commits at once when a batch reaches maxBatch', async () => {
      const { sink } = setup({ maxBatch: 100 });
      await Promise.all(Array.from({ length: 1050 }, (_, i) => sink.write(row(i))));
      expect(sink.count()).toBe(1050);
      expect(sink.commits).toBe(11);
      expect(sink.query().map((r) => r.argsHash)).toEqual(Array.from({ length: 1050 }, (_, i) => row(1049 - i).argsHash));
      sink.close();
    });

    it('commits rows written one after another (each awaited) one by one', async () => {
      const { sink } = setup();
      for (let i = 0; i < 20; i++) await sink.write(row(i));
      expect(sink.commits).toBe(20);
      sink.close();
    });

    it('resolves a write only once its row is committed: another connection sees it at that moment', async () => {
      const { file, sink } = setup();
      const reader = new Sqlite(file, { readonly: true });
      const seen = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          sink.write(row(i)).then(() => reader.prepare('SELECT count(*) FROM audit WHERE args_hash = ?').pluck().get(row(i).argsHash)),
        ),
      );
      expect(seen).toEqual(Array.from({ length: 50 }, () => 1));
      reader.close();
      sink.close();
    });

    it('keeps write order in ids', async () => {
      const { sink } = setup({ maxBatch: 7 });
      await Promise.all(Array.from({ length: 30 }, (_, i) => sink.write(row(i))));
      expect(sink.query().map((r) => r.argsHash)).toEqual(Array.from({ length: 30 }, (_, i) => row(29 - i).argsHash));
      sink.close();
    });
  });

  describe('query', () => {
    async function filled() {
      const { sink } = setup();
      const rows: [Partial<AuditRow>, string][] = [
        [{ appId: 'a', tool: 'photos__pick', status: 'ok' }, '2026-01-01T00:00:00Z'],
        [{ appId: 'b', tool: 'photos__pick', status: 'denied', error: 'consentNeeded' }, '2026-01-02T00:00:00Z'],
        [{ appId: 'a', tool: 'print__pdf', status: 'failed' }, '2026-01-03T00:00:00Z'],
        [{ appId: 'a', tool: 'photos__pick', status: 'denied', error: 'notDeclared' }, '2026-01-04T00:00:00Z'],
      ];
      await Promise.all(rows.map(([overrides, at], i) => sink.write(row(i, overrides), { at, durationMs: i })));
      return sink;
    }
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

    it('answers newest first, filtered by app, tool, status and time, limited', async () => {
      const sink = await filled();
      expect(ids(sink.query())).toEqual([4, 3, 2, 1]);
      expect(ids(sink.query({ app: 'a' }))).toEqual([4, 3, 1]);
      expect(ids(sink.query({ tool: 'photos__pick' }))).toEqual([4, 2, 1]);
      expect(ids(sink.query({ status: 'denied' }))).toEqual([4, 2]);
      expect(ids(sink.query({ since: '2026-01-02T00:00:00Z' }))).toEqual([4, 3, 2]);
      expect(ids(sink.query({ since: '2026-01-02T01:00:00+02:00' }))).toEqual([4, 3, 2]);
      expect(ids(sink.query({ app: 'a', status: 'denied', tool: 'photos__pick' }))).toEqual([4]);
      expect(ids(sink.query({ limit: 2 }))).toEqual([4, 3]);
      // After an id the rows come oldest first, and the limit keeps the oldest: a follower's page never skips a row.
      expect(ids(sink.query({ afterId: 2 }))).toEqual([3, 4]);
      expect(ids(sink.query({ afterId: 0, limit: 3 }))).toEqual([1, 2, 3]);
      expect(ids(sink.query({ afterId: 4 }))).toEqual([]);
      expect(sink.query({ app: 'nobody' })).toEqual([]);
      expect(sink.count()).toBe(4);
      sink.close();
    });

    it('refuses a bad filter with a clear error', async () => {
      const sink = await filled();
      expect(() => sink.query({ since: 'yesterday' })).toThrow(/since must be an ISO 8601 time, got "yesterday"/);
      expect(() => sink.query({ limit: 0 })).toThrow(/limit must be a positive integer, got 0/);
      expect(() => sink.query({ limit: 1.5 })).toThrow(RangeError);
      expect(() => sink.query({ app: 5 as never })).toThrow(/app must be a string/);
      sink.close();
    });

    it('includes rows written in this tick (they are committed first)', async () => {
      const { sink } = setup();
      void sink.write(row(1));
      expect(sink.count()).toBe(1);
      expect(sink.query()).toHaveLength(1);
      sink.close();
    });
  });

  describe('schema versions', () => {
    it('records the schema version in PRAGMA user_version', () => {
      const { file, sink } = setup();
      sink.close();
      const db = new Sqlite(file);
      expect(userVersion(db)).toBe(auditSchemaVersion);
      expect(auditSchemaVersion).toBe(auditMigrations.length);
      db.close();
    });

    it('refuses a database of a newer, unknown version and leaves it untouched', () => {
      const { file, sink } = setup();
      sink.close();
      const db = new Sqlite(file);
      db.pragma(`user_version = ${auditSchemaVersion + 1}`);
      db.close();
      const before = readFileSync(file);
      expect(() => new SqliteAuditSink(file)).toThrow(AuditSchemaError);
      expect(() => new SqliteAuditSink(file)).toThrow(new RegExp(`has schema version ${auditSchemaVersion + 1}, newer than the ${auditSchemaVersion}`));
      expect(readFileSync(file).equals(before)).toBe(true);
    });

    it('migrates an old database step by step, keeping its rows', async () => {
      const { file, sink } = setup();
      await sink.write(row(1));
      sink.close();
      const db = new Sqlite(file);
      const next = [...auditMigrations, (d: Sqlite.Database) => d.exec('ALTER TABLE audit ADD COLUMN note TEXT')];
      migrateAuditDb(db, file, next);
      expect(userVersion(db)).toBe(auditSchemaVersion + 1);
      expect(db.prepare('SELECT args_hash, note FROM audit').all()).toEqual([{ args_hash: row(1).argsHash, note: null }]);
      migrateAuditDb(db, file, next);
      expect(userVersion(db)).toBe(auditSchemaVersion + 1);
      db.close();
    });

    it('refuses a file that is not a SQLite database, naming it', () => {
      const file = path.join(tempDir(), 'audit.sqlite');
      writeFileSync(file, 'this is not a database, just some text that is long enough to have a header');
      expect(() => new SqliteAuditSink(file)).toThrow(AuditSchemaError);
      expect(() => new SqliteAuditSink(file)).toThrow(new RegExp(`${file.replaceAll('.', '\\.')}: is not a usable audit database`));
    });
  });

  describe('failures reject, never crash', () => {
    it('rejects a write after close, and close twice is harmless', async () => {
      const { sink } = setup();
      await sink.write(row(1));
      sink.close();
      sink.close();
      await expect(sink.write(row(2))).rejects.toThrow(errorOf(Error, /is closed; the row was not written/));
      expect(() => sink.count()).toThrow(/is closed/);
    });

    it('commits waiting rows on close', async () => {
      const { file, sink } = setup();
      const written = sink.write(row(1));
      sink.close();
      await written;
      const again = new SqliteAuditSink(file);
      expect(again.count()).toBe(1);
      again.close();
    });

    it('rejects an invalid row with a TypeError, without failing the rows of its batch', async () => {
      const { sink } = setup();
      const results = await Promise.allSettled([
        sink.write(row(1)),
        sink.write(row(2, { status: 'weird' as AuditStatus })),
        sink.write({ ...row(3), appId: undefined } as unknown as AuditRow),
        sink.write(row(4, { error: 5 as never })),
        sink.write(null as never),
        sink.write(row(5)),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/row\.status must be one of ok, failed, invalid, upstream, denied, got "weird"/);
      expect((results[2] as PromiseRejectedResult).reason.message).toMatch(/row\.appId must be a string/);
      expect(sink.count()).toBe(2);
      sink.close();
    });

    it('rejects the writes of a batch the database cannot commit, and works again afterwards', async () => {
      const { file, sink } = setup({ busyTimeoutMs: 50 });
      const blocker = new Sqlite(file);
      blocker.exec('BEGIN IMMEDIATE');
      const failed = await Promise.allSettled([sink.write(row(1)), sink.write(row(2))]);
      expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((failed[0] as PromiseRejectedResult).reason.message).toMatch(/could not commit 2 audit row\(s\) to .*audit\.sqlite: database is locked/);
      blocker.exec('ROLLBACK');
      blocker.close();
      await sink.write(row(3));
      expect(sink.query().map((r) => r.argsHash)).toEqual([row(3).argsHash]);
      sink.close();
    });

    it('refuses bad options', () => {
      const file = path.join(tempDir(), 'audit.sqlite');
      expect(() => new SqliteAuditSink(file, { maxBatch: 0 })).toThrow(RangeError);
      expect(() => new SqliteAuditSink(file, { synchronous: 'off' as never })).toThrow(RangeError);
      expect(() => new SqliteAuditSink('')).toThrow(TypeError);
    });
  });
});
