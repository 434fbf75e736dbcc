import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argsHash } from '@xcap/audit';
import { createPostgresStores, maskConnectionString as masked, postgresSchemaVersion } from '@xcap/store-postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataPaths, FileBlobStore, FileGrantStore, FileTokenStore, SqliteAuditSink, tokenFilePath } from '@xcap/store-local';
import { freePort, freshDatabase, queryRows, startServer, testPassword, type PostgresServer } from './postgres-fixture.js';
import { runCliCaptured, type Ran } from '../cli/run-cli-captured.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

async function xcap(argv: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  const ran = await runCliCaptured(argv, env);
  const { stdout, stderr } = ran;
  // Whatever happens, the password is never printed.
  expect(`${stdout}${stderr}`).not.toContain(testPassword);
  return ran;
}

let server: PostgresServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const temps: string[] = [];
afterEach(async () => {
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'xcap-pgcli-'));
  temps.push(dir);
  return dir;
}

/** A file of mode 0600 holding `url` (its password included), for --store-file and --to-file: a password never goes in --store. */
async function urlFile(url: string): Promise<string> {
  const file = join(await tempDir(), 'store-url');
  await writeFile(file, `${url}\n`, { mode: 0o600 });
  return file;
}

describe('xcap grant | revoke | grants | audit | token … --store postgres://…', () => {
  it('keeps grants and tokens in PostgreSQL, seen by the next command through --store-file or $XCAP_STORE, never printing the password', async () => {
    const url = await freshDatabase(server);
    const data = join(await tempDir(), 'data');
    expect(await xcap(['grant', 'acme.album', 'photos.read', '--store-file', await urlFile(url)])).toEqual({
      code: 0,
      stdout: 'acme.album photos.read granted\n',
      stderr: '',
    });
    expect(await xcap(['grant', 'acme.notes', 'notifications.post'], { XCAP_STORE: url })).toMatchObject({ code: 0 });
    expect((await xcap(['grants', '--store-file', await urlFile(url)])).stdout).toBe(
      'acme.album  photos.read  granted\nacme.notes  notifications.post  granted\n',
    );
    expect(JSON.parse((await xcap(['grants', '--json', 'acme.album'], { XCAP_STORE: url })).stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
    expect((await xcap(['revoke', 'acme.album', 'photos.read', '--store-file', await urlFile(url)])).stdout).toBe(
      'acme.album photos.read revoked (was granted)\n',
    );
    const none = await xcap(['grants', 'acme.album', '--store-file', await urlFile(url)]);
    expect(none.stdout).toBe(`no grants for acme.album in postgres://xcap:***@127.0.0.1:${server.port}/${url.split('/').at(-1)}\n`);
    // The data directory was not touched: nothing was written there.
    expect((await xcap(['grants', '--json', '--data', data])).stdout).toBe('{}\n');

    const added = await xcap(['token', 'add', 'agent-1', '--store-file', await urlFile(url)]);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('added to postgres://xcap:***@');
    const token = added.stdout.trim();
    const stores = await createPostgresStores(url);
    try {
      expect(await stores.tokens.verify(token)).toEqual({ name: 'agent-1' });
    } finally {
      await stores.close();
    }
    expect((await xcap(['token', 'add', 'agent-1'], { XCAP_STORE: url })).code).toBe(2);
    expect(JSON.parse((await xcap(['token', 'list', '--json', '--store-file', await urlFile(url)])).stdout).map((t: { name: string }) => t.name)).toEqual([
      'agent-1',
    ]);
    expect(await xcap(['token', 'revoke', 'agent-1', '--store-file', await urlFile(url)])).toEqual({ code: 0, stdout: 'token agent-1 revoked\n', stderr: '' });
    const again = await xcap(['token', 'revoke', 'agent-1', '--store-file', await urlFile(url)]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^xcap: no token named agent-1 in postgres:\/\/xcap:\*\*\*@[^\n]+\n$/);

    // --help never shows the store's value, even when $XCAP_STORE holds a password.
    const help = await xcap(['serve', '--help'], { XCAP_STORE: url });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--store <url>');
    expect(help.stdout).toContain('--host-name <name>');
  });

  it('xcap audit --store reads the rows with their host column; --json has host', async () => {
    const url = await freshDatabase(server);
    const stores = await createPostgresStores(url, { host: 'host-b' });
    try {
      await stores.audit.write(
        { appId: 'acme.album', clientId: 'token:a', tool: 'photos__list', status: 'ok', error: null, argsHash: argsHash({ limit: 1 }) },
        { at: '2026-07-14T10:00:00.000Z', durationMs: 2.5 },
      );
    } finally {
      await stores.close();
    }
    const table = await xcap(['audit', '--store-file', await urlFile(url)]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^at\s+host\s+app\s+client\s+tool\s+status\s+error\s+ms\s+argsHash$/);
    expect(lines[2]).toMatch(/^2026-07-14T10:00:00\.000Z\s+host-b\s+acme\.album\s+token:a\s+photos__list\s+ok\s+—\s+2\.5\s/);
    const json = JSON.parse((await xcap(['audit', '--json'], { XCAP_STORE: url })).stdout) as { host: string; argsHash: string }[];
    expect(json.map((r) => [r.host, r.argsHash])).toEqual([['host-b', argsHash({ limit: 1 })]]);
  });

  it('a server that refuses the connection is one masked line and exit 1; a value that is not a PostgreSQL URL exits 2', async () => {
    const port = await freePort();
    for (const argv of [['grants'], ['audit'], ['token', 'list'], ['store', 'migrate']]) {
      const ran = await xcap([...argv, '--store-file', await urlFile(`postgres://xcap:${testPassword}@127.0.0.1:${port}/nowhere`)]);
      expect(ran.code, argv.join(' ')).toBe(1);
      expect(ran.stdout).toBe('');
      expect(ran.stderr).toMatch(
        new RegExp(`^xcap: postgres://xcap:\\*\\*\\*@127\\.0\\.0\\.1:${port}/nowhere: could not connect: [^\\n]*ECONNREFUSED[^\\n]*\\n$`),
      );
    }
    const bad = await xcap(['grants'], { XCAP_STORE: `mysql://xcap:${testPassword}@db/x` });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('xcap: $XCAP_STORE mysql://xcap:***@db/x: not a PostgreSQL connection string (postgres://user:password@host:5432/db)\n');
  });

  it('xcap store migrate creates the tables once', async () => {
    const url = await freshDatabase(server);
    expect((await xcap(['store', 'migrate', '--store-file', await urlFile(url)])).stdout).toBe(`${masked(url)}: schema version 0 → ${postgresSchemaVersion}\n`);
    expect((await xcap(['store', 'migrate'], { XCAP_STORE: url })).stdout).toBe(`${masked(url)}: schema version ${postgresSchemaVersion} (up to date)\n`);
  });
});

describe('xcap store copy --from <dir> --to postgres://…', () => {
  it('copies grants, files, audit rows and tokens, checks them, and refuses a second copy into the non-empty target', async () => {
    const root = await tempDir();
    const paths = dataPaths(join(root, 'data'));
    const grants = new FileGrantStore(paths.consent);
    await grants.set('acme.album', 'photos.read', 'granted');
    await grants.set('acme.album', 'print.pdf', 'denied');
    await grants.set('Acme.Notes', 'notifications.post', 'granted');
    const blobs = new FileBlobStore(paths.files);
    const photo = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const photoId = await blobs.put('acme.album', 'Lake.png', 'image/png', photo);
    const noteId = await blobs.put('Acme.Notes', 'note.txt', 'text/plain', new TextEncoder().encode('hello'));
    const audit = new SqliteAuditSink(paths.audit);
    const written: { args: unknown; at: string; durationMs: number; tool: string }[] = [];
    for (let i = 0; i < 1234; i++) {
      const row = {
        args: { limit: i },
        at: new Date(Date.UTC(2026, 6, 14, 10, 0, i % 60, i % 1000)).toISOString(),
        durationMs: i / 4,
        tool: i % 3 === 0 ? 'photos__pick' : 'photos__list',
      };
      written.push(row);
      await audit.write(
        {
          appId: 'acme.album',
          clientId: `run-${i % 5}`,
          tool: row.tool,
          status: i % 7 === 0 ? 'denied' : 'ok',
          error: i % 7 === 0 ? 'consentNeeded' : null,
          argsHash: argsHash(row.args),
        },
        { at: row.at, durationMs: row.durationMs },
      );
    }
    audit.close();
    const tokens = new FileTokenStore(tokenFilePath(paths.dir));
    const token = await tokens.add('agent-1');
    await tokens.add('agent-2');

    const url = await freshDatabase(server);
    const copied = await xcap(['store', 'copy', '--from', paths.dir, '--to-file', await urlFile(url)]);
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(
      new RegExp(
        `^copied ${paths.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} to postgres://xcap:\\*\\*\\*@[^:]+:\\d+/\\w+: 3 grant\\(s\\), 2 file\\(s\\) \\(3005 bytes\\), 1234 audit row\\(s\\), 2 token\\(s\\)\nchecked: `,
      ),
    );

    const stores = await createPostgresStores(url);
    try {
      expect(await stores.grants.all()).toEqual({
        'Acme.Notes': { 'notifications.post': 'granted' },
        'acme.album': { 'photos.read': 'granted', 'print.pdf': 'denied' },
      });
      const got = await stores.blobs.get('acme.album', photoId);
      expect(got?.name).toBe('Lake.png');
      expect(got?.mimeType).toBe('image/png');
      expect(Buffer.from(got?.bytes ?? []).equals(Buffer.from(photo))).toBe(true);
      expect(new TextDecoder().decode((await stores.blobs.get('Acme.Notes', noteId))?.bytes)).toBe('hello');
      // The quota counts the same bytes as the file store did.
      expect(await stores.blobs.usage('acme.album')).toBe(await blobs.usage('acme.album'));
      expect(await stores.tokens.verify(token)).toEqual({ name: 'agent-1' });
      const rows = (await stores.audit.query({ limit: 10_000 })).reverse();
      expect(rows.map((r) => [r.at, r.durationMs, r.argsHash, r.tool, r.host])).toEqual(
        written.map((w) => [w.at, w.durationMs, argsHash(w.args), w.tool, null]),
      );
    } finally {
      await stores.close();
    }

    const second = await xcap(['store', 'copy', '--from', paths.dir], { XCAP_STORE: url });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      /^xcap: postgres:\/\/xcap:\*\*\*@[^\n]* is not empty \(3 grants, 2 files, 1234 audit rows, 2 tokens\): xcap store copy writes only into a database no host has used yet; nothing was copied\n$/,
    );
    const counts = await queryRows<{ n: number }>(url, 'SELECT count(*)::int AS n FROM xcap_audit');
    expect(counts[0]?.n).toBe(1234);
  });

  it('a data directory with nothing in it copies as zero rows; a missing one exits 1 naming it', async () => {
    const root = await tempDir();
    const url = await freshDatabase(server);
    const empty = await xcap(['store', 'copy', '--from', root, '--to-file', await urlFile(url)]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain(': 0 grant(s), 0 file(s) (0 bytes), 0 audit row(s), 0 token(s)\n');
    const missing = await xcap(['store', 'copy', '--from', join(root, 'nope'), '--to-file', await urlFile(url)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`xcap: ${join(root, 'nope')}: no such data directory\n`);
  });
});
