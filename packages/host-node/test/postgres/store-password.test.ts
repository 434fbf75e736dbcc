import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgresServer, type PostgresServer } from '@xcap/test-support';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireBuilt, runXcap } from '../e2e/xcap-process.js';
import { runCliCaptured } from '../cli/run-cli-captured.js';

// Child processes and a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

/** The server asks TCP logins for this password (scram-sha-256): a wrong or missing one is refused. */
const password = 'Db-pw-only-here-41c7';

let server: PostgresServer;
let root = '';
let bare = '';
let withPassword = '';
beforeAll(async () => {
  requireBuilt();
  server = await startPostgresServer({ password });
  root = await mkdtemp(join(tmpdir(), 'xcap-pgpw-'));
  bare = `postgres://xcap@127.0.0.1:${server.port}/postgres`;
  withPassword = `postgres://xcap:${password}@127.0.0.1:${server.port}/postgres`;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (root !== '') await rm(root, { recursive: true, force: true });
});

async function privateFile(name: string, text: string): Promise<string> {
  const file = join(root, name);
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

describe('the safe ways to give the database password (issue 23, finding 2)', () => {
  it('without a password the login is refused at once, saying where the password goes (so the ways below are what let it in)', async () => {
    const started = Date.now();
    const ran = await runXcap(['grants', '--store', bare]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^xcap: [^\n]+\n$/);
    expect(ran.stderr).toContain('the server asks for a password and none was given: give it in $XCAP_STORE, a --store-file <path> (mode 0600)');
    // node-postgres left the socket open here, and the command lived until the server's 60 s authentication timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('$XCAP_STORE may hold the password', async () => {
    expect(await runCliCaptured(['grant', 'acme.env', 'photos.read'], { XCAP_STORE: withPassword })).toEqual({
      code: 0,
      stdout: 'acme.env photos.read granted\n',
      stderr: '',
    });
    const listed = await runCliCaptured(['grants', 'acme.env'], { XCAP_STORE: withPassword });
    expect(listed).toEqual({ code: 0, stdout: 'acme.env  photos.read  granted\n', stderr: '' });
  });

  it('--store-file <path> of mode 0600 may hold it (and xcap store copy --to-file)', async () => {
    const file = await privateFile('store-url', `${withPassword}\n`);
    expect(await runCliCaptured(['grant', 'acme.file', 'photos.read', '--store-file', file])).toMatchObject({ code: 0 });
    const listed = await runCliCaptured(['grants', 'acme.file', '--store-file', file]);
    expect(listed).toEqual({ code: 0, stdout: 'acme.file  photos.read  granted\n', stderr: '' });
    const migrated = await runCliCaptured(['store', 'migrate', '--store-file', file]);
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain('postgres://xcap:***@');
    expect(migrated.stdout).not.toContain(password);
  });

  it('PGPASSWORD beside a --store without a password: node-postgres reads it', async () => {
    const ran = await runXcap(['grants', 'acme.env', '--store', bare], { PGPASSWORD: password });
    expect(ran).toEqual({ code: 0, stdout: 'acme.env  photos.read  granted\n', stderr: '' });
  });

  it("PGPASSFILE (libpq's password file, mode 0600) beside a --store without a password: node-postgres reads it through pgpass", async () => {
    const passfile = await privateFile('pgpass', `127.0.0.1:${server.port}:*:xcap:${password}\n`);
    const ran = await runXcap(['grants', 'acme.env', '--store', bare], { PGPASSFILE: passfile });
    expect(ran).toEqual({ code: 0, stdout: 'acme.env  photos.read  granted\n', stderr: '' });
  });
});
