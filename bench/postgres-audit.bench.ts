/**
 * The PostgreSQL audit sink's sustained rows per second with group commit
 * (bursts of concurrent writes, each acknowledged only after its commit)
 * into a private local server (fsync on), against a floor of raw `pg`
 * multi-row INSERTs of the same rows in the same run (1,000 rows per
 * statement, 4,000 per transaction, one connection, no promise per row).
 * Targets: ≥ 0.8× the floor and ≥ 30,000 rows/s.
 */
import pg from 'pg';
import type { AuditRow } from '../packages/audit/src/index.js';
import { createPostgresStores } from '../packages/store-postgres/src/index.js';
import { type PostgresServer, startPostgresServer } from '@xcap/test-support';
import { type BenchRow, isMain, printTable } from './harness.js';
import { sampleAuditRows } from './sample-audit-rows.js';
import { type AuditRate, sustainedAuditRate } from './sustained-audit-rate.js';

const targetRows = 30_000;
const targetRatio = 0.8;

/** The sink: bursts of `burst` concurrent writes, the next when all are acknowledged, for `ms`, in a fresh schema. */
async function sustained(url: string, schema: string, burst: number, ms: number): Promise<AuditRate> {
  const stores = await createPostgresStores(url, { schema });
  try {
    return await sustainedAuditRate(stores.audit, burst, ms);
  } finally {
    await stores.close();
  }
}

/** Raw `pg`: `count` rows as multi-row INSERTs of `perStatement` rows, 4,000 rows per transaction, on one client, into the same table shape. */
async function rawFloor(url: string, schema: string, count: number, perStatement: number): Promise<AuditRate> {
  const setup = await createPostgresStores(url, { schema });
  await setup.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = 9;
    const values = Array.from({ length: perStatement }, (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`).join(
      ', ',
    );
    const sql = `INSERT INTO "${schema}".xcap_audit (at, app_id, client_id, tool, status, error, args_hash, duration_ms, host) VALUES ${values}`;
    const at = new Date().toISOString();
    const params = (first: number) => {
      const out: unknown[] = [];
      for (let i = first; i < first + perStatement; i++) {
        const r = sampleAuditRows[i & 7] as AuditRow;
        out.push(at, r.appId, r.clientId, r.tool, r.status, r.error, r.argsHash, 1.5, null);
      }
      return out;
    };
    const start = performance.now();
    for (let first = 0; first < count; first += 4000) {
      await client.query('BEGIN');
      for (let i = first; i < first + 4000; i += perStatement) await client.query(sql, params(i));
      await client.query('COMMIT');
    }
    const elapsed = performance.now() - start;
    return { rowsPerSecond: (count * 1000) / elapsed, rowsPerCommit: 4000 };
  } finally {
    await client.end();
  }
}

/** Measures the sink and the floor, interleaved, best of three rounds each. */
export async function run(): Promise<BenchRow[]> {
  let server: PostgresServer;
  try {
    server = await startPostgresServer({ fsync: true });
  } catch (error) {
    throw new Error(`postgres-audit bench: no PostgreSQL server could be started (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    let round = 0;
    const best = { sink1000: 0, sink4000: 0, floor: 0, commit1000: 0, commit4000: 0 };
    for (round = 0; round < 3; round++) {
      const s1 = await sustained(server.url, `b_sink1k_${round}`, 1000, 1500);
      const s4 = await sustained(server.url, `b_sink4k_${round}`, 4000, 1500);
      const f = await rawFloor(server.url, `b_floor_${round}`, 60_000, 1000);
      if (s1.rowsPerSecond > best.sink1000) [best.sink1000, best.commit1000] = [s1.rowsPerSecond, s1.rowsPerCommit];
      if (s4.rowsPerSecond > best.sink4000) [best.sink4000, best.commit4000] = [s4.rowsPerSecond, s4.rowsPerCommit];
      best.floor = Math.max(best.floor, f.rowsPerSecond);
    }
    const note = (rate: number, perCommit: number) =>
      `${(rate / best.floor).toFixed(2)}× the raw floor (target ≥ ${targetRatio}), ${(rate / targetRows).toFixed(2)}× the 30,000/s target; ${Math.round(perCommit).toLocaleString('en-US')} rows per transaction`;
    return [
      { name: 'PostgresAuditSink, group commit, 1000 in flight', value: best.sink1000, unit: 'rows/s', note: note(best.sink1000, best.commit1000) },
      { name: 'PostgresAuditSink, group commit, 4000 in flight', value: best.sink4000, unit: 'rows/s', note: note(best.sink4000, best.commit4000) },
      {
        name: 'floor: raw pg 1000-row INSERTs',
        value: best.floor,
        unit: 'rows/s',
        note: 'node-postgres alone, 4,000 rows per transaction, one connection, local server with fsync on',
      },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) printTable(await run());
