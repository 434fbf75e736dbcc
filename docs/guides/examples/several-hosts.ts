/**
 * Two hosts on one PostgreSQL database, the way `xcap serve --store` runs
 * them (here in one process, to show what they share): consent given
 * through one decides the next call on the other, and one audit log holds
 * both hosts' rows, each naming its host. Run with
 * `XCAP_STORE=postgres://…` (the guides' test starts a private server).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConsentUi } from '@xcap/call';
import { createNodeHost, type NodeHost } from '@xcap/host-node';
import { samplePhotos } from '@xcap/host-testing';
import { createPostgresStores } from '@xcap/store-postgres';

const url = process.env['XCAP_STORE'];
if (url === undefined || url === '') throw new Error('several-hosts: set XCAP_STORE=postgres://user:password@host:5432/db');
const work = await mkdtemp(path.join(tmpdir(), 'xcap-several-hosts-'));
const photosDir = path.join(work, 'photos');
await mkdir(photosDir);
for (const photo of samplePhotos()) await writeFile(path.join(photosDir, photo.name), Buffer.from(photo.data, 'base64'));

// #region hosts
// From several-hosts.ts, whose first lines import node:fs/promises, createNodeHost, createPostgresStores and make `url` and `photosDir`.
const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick the photos for your album.' }] };
const allow: ConsentUi = () => 'allow';

/** One host: its own data directory (scheduled notifications, the audit spill file), every shared store on the database. */
async function openHost(name: string, consent: { foreground: boolean; consent?: ConsentUi }): Promise<{ host: NodeHost; close(): Promise<void> }> {
  const stores = await createPostgresStores(url as string, { host: name });
  const host = await createNodeHost({
    manifest,
    dataDir: path.join(work, name),
    photosDir,
    grants: stores.grants,
    blobs: stores.blobs,
    audit: stores.audit,
    ...consent,
  });
  return { host, close: async () => (await host.close(), await stores.close()) };
}

const one = await openHost('web-1', { foreground: true, consent: allow });
const two = await openHost('web-2', { foreground: false });
const list = (h: NodeHost) => h.callPath.call({ from: 'agent', name: 'photos__list', arguments: { limit: 3 }, foreground: h.foreground, client: 'run-example' });

// The person allows photos.read on web-1: the grant is written to the database.
const first = await list(one.host);
// web-2 runs in the background (it could never ask) and decides with that grant on its next call.
const second = await list(two.host);
// #endregion hosts

if (first.kind !== 'result' || first.result.isError === true) throw new Error(`web-1: ${JSON.stringify(first)}`);
if (second.kind !== 'result' || second.result.isError === true) throw new Error(`web-2 did not honour the grant given through web-1: ${JSON.stringify(second)}`);
// #region audit
// several-hosts.ts, continued (`url` names the shared database): one audit log for every host: each row names the host that served the call (--host-name).
const check = await createPostgresStores(url, { migrate: false });
const rows = (await check.audit.query({ app: 'acme.album', limit: 10 })).filter((row) => row.clientId === 'run-example');
await check.close();
// #endregion audit
if (rows.length < 2 || !rows.some((row) => row.host === 'web-1') || !rows.some((row) => row.host === 'web-2')) throw new Error(`expected rows from web-1 and web-2, got ${JSON.stringify(rows)}`);
await one.close();
await two.close();
await rm(work, { recursive: true, force: true });
console.log(`web-1 asked and stored the grant; web-2 served with it; ${rows.length} rows naming ${[...new Set(rows.map((row) => row.host))].join(', ')}`);
