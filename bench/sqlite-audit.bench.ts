/**
 * The SQLite audit sink's sustained rows per second with group commit
 * (bursts of concurrent writes, each acknowledged only after its
 * transaction committed) against the target of 100,000 rows/s, side by
 * side with one transaction per row in the same run, for both durability
 * settings; raw better-sqlite3 inserts in one transaction are the floor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { AuditRow } from '../packages/audit/src/index.js';
import { SqliteAuditSink, type SqliteAuditSinkOptions } from '../packages/host-node/src/stores/index.js';
import { type BenchRow, isMain, printTable } from './harness.js';

const target = 100_000;

const tools = ['photos__pick', 'photos__get', 'print__pdf', 'files__save', 'notifications__post', 'share__share', 'files__open', 'print__print'];
const statuses = ['ok', 'ok', 'ok', 'denied', 'ok', 'failed', 'invalid', 'upstream'] as const;
const rows: AuditRow[] = tools.map((tool, i) => ({
  appId: 'at.exponential.photobook',
  clientId: i % 2 === 0 ? 'ui' : 'run-3f9a1c2e7b5d4e60',
  tool,
  status: statuses[i] ?? 'ok',
  error: statuses[i] === 'denied' ? 'consentNeeded' : null,
  argsHash: `sha256:${(i + 1).toString(16).repeat(64).slice(0, 64)}`,
}));

/** What one sustained run measured. */
interface Rate {
  readonly rowsPerSecond: number;
  readonly rowsPerCommit: number;
}

/** Writes bursts of `burst` concurrent writes (what many concurrent calls hand the sink), the next when all are acknowledged, for `ms`; answers rows/s and rows per transaction. */
async function sustained(options: SqliteAuditSinkOptions, burst: number, ms: number): Promise<Rate> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xcap-bench-audit-'));
  try {
    const sink = new SqliteAuditSink(path.join(dir, 'audit.sqlite'), options);
    const meta = { at: new Date().toISOString(), durationMs: 1.5 };
    let n = 0;
    const writeBurst = () => Promise.all(Array.from({ length: burst }, () => sink.write(rows[n++ & 7] as AuditRow, meta)));
    await writeBurst();
    (globalThis as { gc?: () => void }).gc?.();
    const startRows = n;
    const startCommits = sink.commits;
    const start = performance.now();
    while (performance.now() - start < ms) await writeBurst();
    const elapsed = performance.now() - start;
    const written = n - startRows;
    const commits = sink.commits - startCommits;
    if (sink.count() !== n) throw new Error(`the sink holds ${sink.count()} rows, ${n} were acknowledged`);
    sink.close();
    return { rowsPerSecond: (written * 1000) / elapsed, rowsPerCommit: written / commits };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Raw prepared inserts of `count` rows in one transaction: no promises, no batching logic. */
function rawFloor(count: number): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xcap-bench-audit-'));
  try {
    const sink = new SqliteAuditSink(path.join(dir, 'audit.sqlite'));
    sink.close();
    const db = new Sqlite(path.join(dir, 'audit.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = full');
    const insert = db.prepare('INSERT INTO audit (at, app_id, client_id, tool, status, error, args_hash, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const at = new Date().toISOString();
    const all = db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const r = rows[i & 7] as AuditRow;
        insert.run(at, r.appId, r.clientId, r.tool, r.status, r.error, r.argsHash, 1.5);
      }
    });
    const start = performance.now();
    all();
    const elapsed = performance.now() - start;
    db.close();
    return (count * 1000) / elapsed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Best of `rounds` runs (the machine is shared: the best run is the least disturbed). */
async function best(options: SqliteAuditSinkOptions, burst: number, ms: number, rounds: number): Promise<Rate> {
  let top: Rate = { rowsPerSecond: 0, rowsPerCommit: 0 };
  for (let r = 0; r < rounds; r++) {
    const rate = await sustained(options, burst, ms);
    if (rate.rowsPerSecond > top.rowsPerSecond) top = rate;
  }
  return top;
}

/** Measures rows/s with group commit and with one transaction per row, for both durability settings. */
export async function run(): Promise<BenchRow[]> {
  const perRowFull = await best({ synchronous: 'full', maxBatch: 1 }, 1000, 1000, 2);
  const perRowNormal = await best({ synchronous: 'normal', maxBatch: 1 }, 1000, 1000, 2);
  const out: BenchRow[] = [];
  for (const [sync, perRow] of [['full', perRowFull], ['normal', perRowNormal]] as const) {
    for (const burst of [1000, 4000]) {
      const group = await best({ synchronous: sync }, burst, 1500, 3);
      out.push({
        name: `group commit, sync ${sync.toUpperCase()}, ${burst} in flight`,
        value: group.rowsPerSecond,
        unit: 'rows/s',
        note: `${(group.rowsPerSecond / target).toFixed(2)}× the 100,000/s target; ${(group.rowsPerSecond / perRow.rowsPerSecond).toFixed(1)}× one transaction per row; ${Math.round(group.rowsPerCommit).toLocaleString('en-US')} rows per transaction`,
      });
    }
    out.push({ name: `one transaction per row, sync ${sync.toUpperCase()}`, value: perRow.rowsPerSecond, unit: 'rows/s', note: `same sink with maxBatch 1, 1000 in flight${sync === 'full' ? ': an fsync per row' : ''}` });
  }
  const floor = Math.max(rawFloor(200_000), rawFloor(200_000));
  out.push({ name: 'floor: raw inserts, one transaction', value: floor, unit: 'rows/s', note: 'better-sqlite3 alone, one prepared single-row INSERT per row, 200,000 rows, sync FULL' });
  return out;
}

if (isMain(import.meta.url)) printTable(await run());
