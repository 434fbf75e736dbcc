import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { argsHash } from '@xcap/audit';
import { dataPaths, FileBlobStore, FileGrantStore, FileTokenStore, SqliteAuditSink, tokenFilePath } from '@xcap/store-local';
import { createPostgresStores, type PostgresStores } from '@xcap/store-postgres';
import { startPostgresServer, tempDir, type PostgresServer } from '@xcap/test-support';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyDataDirToPostgres, StoreCopyError } from '../src/index.js';

// A database server on a loaded 2-core machine: the shared 20 s is too short.
vi.setConfig({ testTimeout: 60_000 });

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const opened: PostgresStores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** The stores of a new, empty database of the server. */
async function freshStores(): Promise<PostgresStores> {
  const name = `c_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const stores = await createPostgresStores(server.url.replace(/\/postgres$/, `/${name}`));
  opened.push(stores);
  return stores;
}

describe('copyDataDirToPostgres', () => {
  it('copies grants, files, audit rows (in order, with time and duration) and token digests, answering what it copied', async () => {
    const paths = dataPaths(join(tempDir(), 'data'));
    const grants = new FileGrantStore(paths.consent);
    await grants.set('acme.album', 'photos.read', 'granted');
    await grants.set('Acme.Notes', 'notifications.post', 'denied');
    const blobs = new FileBlobStore(paths.files);
    const photo = new Uint8Array(Array.from({ length: 2000 }, (_, i) => (i * 13) % 256));
    const photoId = await blobs.put('acme.album', 'Lake.png', 'image/png', photo);
    await blobs.put('Acme.Notes', 'note.txt', 'text/plain', new TextEncoder().encode('hi'));
    const audit = new SqliteAuditSink(paths.audit);
    for (let i = 0; i < 25; i++)
      await audit.write(
        { appId: 'acme.album', clientId: `run-${i}`, tool: 'photos__list', status: 'ok', error: null, argsHash: argsHash({ limit: i }) },
        { at: new Date(Date.UTC(2026, 6, 14, 10, 0, i)).toISOString(), durationMs: i / 2 },
      );
    audit.close();
    const tokens = new FileTokenStore(tokenFilePath(paths.dir));
    const token = await tokens.add('agent-1');

    const stores = await freshStores();
    const summary = await copyDataDirToPostgres(paths.dir, stores);
    expect(summary).toMatchObject({ grants: 2, files: 2, fileBytes: 2002, auditRows: 25, tokens: 1 });

    expect(await stores.grants.all()).toEqual({ 'Acme.Notes': { 'notifications.post': 'denied' }, 'acme.album': { 'photos.read': 'granted' } });
    expect(Buffer.from((await stores.blobs.get('acme.album', photoId))?.bytes ?? []).equals(Buffer.from(photo))).toBe(true);
    expect(await stores.tokens.verify(token)).toEqual({ name: 'agent-1' });
    const rows = (await stores.audit.query({ limit: 100 })).reverse();
    expect(rows.map((row) => [row.clientId, row.durationMs, row.host])).toEqual(Array.from({ length: 25 }, (_, i) => [`run-${i}`, i / 2, null]));
  });

  it('refuses a target that is not empty, writing nothing', async () => {
    const paths = dataPaths(join(tempDir(), 'data'));
    await new FileGrantStore(paths.consent).set('acme.album', 'photos.read', 'granted');
    const stores = await freshStores();
    await copyDataDirToPostgres(paths.dir, stores);
    const again = copyDataDirToPostgres(paths.dir, stores);
    await expect(again).rejects.toBeInstanceOf(StoreCopyError);
    await expect(again).rejects.toThrow(/ is not empty \(1 grants\): xcap store copy writes only into a database no host has used yet; nothing was copied$/);
    expect(await stores.grants.all()).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
  });

  it('copies an empty data directory as zero rows, and refuses a missing one or a folder of files it cannot explain', async () => {
    const root = tempDir();
    expect(await copyDataDirToPostgres(root, await freshStores())).toMatchObject({ grants: 0, files: 0, fileBytes: 0, auditRows: 0, tokens: 0 });
    await expect(copyDataDirToPostgres(join(root, 'nope'), await freshStores())).rejects.toThrow(
      new StoreCopyError(`${join(root, 'nope')}: no such data directory`),
    );
    const odd = dataPaths(join(tempDir(), 'data'));
    mkdirSync(join(odd.files, 'not-an-app-folder'), { recursive: true });
    writeFileSync(join(odd.files, 'not-an-app-folder', 'x'), 'x');
    await expect(copyDataDirToPostgres(odd.dir, await freshStores())).rejects.toBeInstanceOf(StoreCopyError);
  });
});
