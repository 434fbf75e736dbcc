/**
 * Calls per second through one Node host (`createNodeHost`, its call path:
 * the grant read, the native, the audit row committed before the answer)
 * with its stores on PostgreSQL (a private local server, fsync on) against
 * the same host on its data directory (consent.json, audit.sqlite with the
 * default `normal` sync). `photos__list` from an agent with the scope
 * granted; 16 calls in flight; ABBA rounds, best of each.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeBase64 } from '../packages/bridge/src/index.js';
import { createNodeHost, type NodeHost } from '../packages/host-node/src/index.js';
import { samplePhotos } from '../packages/host-testing/src/index.js';
import { createPostgresStores, type PostgresStores } from '../packages/store-postgres/src/index.js';
import { type PostgresServer, startPostgresServer } from '@xcap/test-support';
import { type BenchRow, isMain, printTable } from './harness.js';

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick the photos for your album.' }] };
const inFlight = 16;
const roundMs = 1500;

/** Calls per second for `ms`, `inFlight` at a time; every answer must be a result. */
async function rate(host: NodeHost, ms: number): Promise<number> {
  let calls = 0;
  const deadline = performance.now() + ms;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, worker) => {
      while (performance.now() < deadline) {
        const answer = await host.callPath.call({ from: 'agent', client: `run-${worker}`, name: 'photos__list', arguments: { limit: 2 }, foreground: false });
        if (answer.kind !== 'result' || answer.result.isError === true) throw new Error(`host-store bench: a call failed: ${JSON.stringify(answer)}`);
        calls++;
      }
    }),
  );
  return (calls * 1000) / (performance.now() - start);
}

/** Runs the comparison. */
export async function run(): Promise<BenchRow[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'xcap-bench-store-'));
  let server: PostgresServer | undefined;
  let stores: PostgresStores | undefined;
  const hosts: NodeHost[] = [];
  try {
    const photos = path.join(root, 'photos');
    await import('node:fs/promises').then((fs) => fs.mkdir(photos));
    for (const [i, photo] of samplePhotos().entries()) {
      const file = path.join(photos, photo.name);
      await writeFile(file, decodeBase64(photo.data) ?? new Uint8Array());
      const time = new Date(Date.UTC(2026, 6, 14 + i, 12));
      await utimes(file, time, time);
    }
    server = await startPostgresServer({ fsync: true });
    stores = await createPostgresStores(server.url, { host: 'bench' });
    const onSqlite = await createNodeHost({ manifest, dataDir: path.join(root, 'sqlite'), photosDir: photos, auditLog: () => undefined });
    const onPostgres = await createNodeHost({
      manifest,
      dataDir: path.join(root, 'pg'),
      photosDir: photos,
      grants: stores.grants,
      blobs: stores.blobs,
      audit: stores.audit,
      auditLog: () => undefined,
    });
    hosts.push(onSqlite, onPostgres);
    await onSqlite.grants.set('acme.album', 'photos.read', 'granted');
    await onPostgres.grants.set('acme.album', 'photos.read', 'granted');
    await rate(onSqlite, 300);
    await rate(onPostgres, 300);
    const best = { sqlite: 0, postgres: 0 };
    const ratios: number[] = [];
    for (let round = 0; round < 3; round++) {
      const a1 = await rate(onSqlite, roundMs);
      const b1 = await rate(onPostgres, roundMs);
      const b2 = await rate(onPostgres, roundMs);
      const a2 = await rate(onSqlite, roundMs);
      best.sqlite = Math.max(best.sqlite, a1, a2);
      best.postgres = Math.max(best.postgres, b1, b2);
      ratios.push((b1 + b2) / (a1 + a2));
    }
    ratios.sort((x, y) => x - y);
    const note = `${(best.postgres / best.sqlite).toFixed(2)}× SQLite (ABBA ratio median ${ratios[1]?.toFixed(2)}, range ${ratios[0]?.toFixed(2)}–${ratios[2]?.toFixed(2)}); local server, fsync on`;
    return [
      {
        name: `one host, photos__list, ${inFlight} in flight, data directory (SQLite audit)`,
        value: best.sqlite,
        unit: 'calls/s',
        note: 'consent.json + audit.sqlite (synchronous normal)',
      },
      { name: `one host, photos__list, ${inFlight} in flight, PostgreSQL stores`, value: best.postgres, unit: 'calls/s', note },
    ];
  } finally {
    for (const host of hosts) await host.close().catch(() => undefined);
    await stores?.close().catch(() => undefined);
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printTable(await run());
