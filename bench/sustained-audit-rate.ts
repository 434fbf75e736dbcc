/**
 * The loop both audit-sink benches measure with: bursts of concurrent
 * writes, each burst started when the last one was acknowledged.
 */
import type { AuditRow } from '../packages/audit/src/index.js';
import { sampleAuditRows } from './sample-audit-rows.js';

/** What one run measured. */
export interface AuditRate {
  readonly rowsPerSecond: number;
  readonly rowsPerCommit: number;
}

/** The sink under test: what `sustainedAuditRate` needs of it. */
export interface MeasuredAuditSink {
  write(row: AuditRow, meta: { readonly at: string; readonly durationMs: number }): Promise<unknown>;
  /** Transactions committed so far. */
  readonly commits: number;
  /** Rows it holds. */
  count(): number | Promise<number>;
}

/**
 * Writes bursts of `burst` concurrent writes (what many concurrent calls
 * hand the sink) of the sample rows, the next when all are acknowledged,
 * for `ms` after one warm-up burst; answers rows/s and rows per
 * transaction, and fails unless the sink holds every acknowledged row.
 */
export async function sustainedAuditRate(sink: MeasuredAuditSink, burst: number, ms: number): Promise<AuditRate> {
  const meta = { at: new Date().toISOString(), durationMs: 1.5 };
  let n = 0;
  const writeBurst = () => Promise.all(Array.from({ length: burst }, () => sink.write(sampleAuditRows[n++ & 7] as AuditRow, meta)));
  await writeBurst();
  (globalThis as { gc?: () => void }).gc?.();
  const startRows = n;
  const startCommits = sink.commits;
  const start = performance.now();
  while (performance.now() - start < ms) await writeBurst();
  const elapsed = performance.now() - start;
  const written = n - startRows;
  const commits = sink.commits - startCommits;
  const count = await sink.count();
  if (count !== n) throw new Error(`the sink holds ${count} rows, ${n} were acknowledged`);
  return { rowsPerSecond: (written * 1000) / elapsed, rowsPerCommit: written / commits };
}
