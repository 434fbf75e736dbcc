import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@xcap/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './run-cli-captured.js';

const password = 'Pw-in-argv-7d2e';

let root = '';
let port = 0;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'xcap-storepw-'));
  port = await freePort();
});

/** Every command that takes --store, with what else it needs (a data directory that must stay uncreated). */
const commands: readonly (readonly [name: string, argv: (data: string) => string[]])[] = [
  ['serve', (data) => ['serve', '--manifest', join(data, 'manifest.json'), '--data', data]],
  ['grant', (data) => ['grant', 'acme.album', 'photos.read', '--data', data]],
  ['revoke', (data) => ['revoke', 'acme.album', 'photos.read', '--data', data]],
  ['grants', (data) => ['grants', '--data', data]],
  ['audit', (data) => ['audit', '--data', data]],
  ['token add', (data) => ['token', 'add', 'agent-1', '--data', data]],
  ['token list', (data) => ['token', 'list', '--data', data]],
  ['token revoke', (data) => ['token', 'revoke', 'agent-1', '--data', data]],
  ['store migrate', () => ['store', 'migrate']],
];

describe('a password inside --store is refused before anything opens (issue 23, finding 2)', () => {
  it.each(commands)('xcap %s --store postgres://xcap:PASSWORD@…: exit 2, naming the safe ways in', async (_name, argv) => {
    const data = join(root, `data-${Math.random().toString(36).slice(2)}`);
    // Nothing listens on the port: a command that tried to connect would exit 1 (connection refused), not 2.
    const ran = await runCliCaptured([...argv(data), '--store', `postgres://xcap:${password}@127.0.0.1:${port}/xcap`]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^xcap: [^\n]+\n$/);
    expect(ran.stderr).toContain(`--store postgres://xcap:***@127.0.0.1:${port}/xcap: holds a password`);
    for (const way of ['$XCAP_STORE', '--store-file', 'PGPASSWORD', 'PGPASSFILE']) expect(ran.stderr).toContain(way);
    expect(ran.stderr).not.toContain(password);
    expect(existsSync(data)).toBe(false);
  });

  it('a password in a query parameter is refused too, and so is one in xcap store copy --to', async () => {
    const query = await runCliCaptured(['grants', '--store', `postgres://xcap@127.0.0.1:${port}/xcap?password=${password}`]);
    expect(query.code).toBe(2);
    expect(query.stderr).toContain('holds a password');
    const copy = await runCliCaptured(['store', 'copy', '--from', root, '--to', `postgres://xcap:${password}@127.0.0.1:${port}/xcap`]);
    expect(copy.code).toBe(2);
    expect(copy.stderr).toContain('--to postgres://xcap:***@');
    expect(copy.stderr).toContain('--to-file');
    expect(`${query.stderr}${copy.stderr}`).not.toContain(password);
  });

  it('a URL without a password in --store is taken (and fails only at the connection: exit 1)', async () => {
    const ran = await runCliCaptured(['grants', '--store', `postgres://xcap@127.0.0.1:${port}/xcap`]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('ECONNREFUSED');
  });

  it('--help says where the password goes', async () => {
    const help = (await runCliCaptured(['serve', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--store-file <path>');
    expect(help).toContain('No password here');
    expect(help).toContain('PGPASSWORD');
  });
});

describe('--store-file <path>: the connection string from a private file', () => {
  async function storeFile(mode: number, text = `postgres://xcap:${password}@127.0.0.1:${port}/xcap\n`): Promise<string> {
    const file = join(root, `store-${mode.toString(8)}-${Math.random().toString(36).slice(2)}`);
    await writeFile(file, text, { mode });
    await chmod(file, mode);
    return file;
  }

  it.each(['0644', '0640', '0604', '0660', '0666'])('a file of mode %s is refused naming the path (exit 2, nothing opened)', async (octal) => {
    const mode = Number.parseInt(octal, 8);
    const file = await storeFile(mode);
    const ran = await runCliCaptured(['grants', '--store-file', file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^xcap: [^\n]+\n$/);
    expect(ran.stderr).toContain(`--store-file ${file}: is `);
    expect(ran.stderr).toContain(`(mode ${octal})`);
    expect(ran.stderr).toContain(`chmod 600 ${file}`);
    expect(ran.stderr).not.toContain(password);
  });

  it('a file of mode 0600 is read: the password in it reaches the connection (refused here: exit 1, the password masked)', async () => {
    const ran = await runCliCaptured(['grants', '--store-file', await storeFile(0o600)]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(`postgres://xcap:***@127.0.0.1:${port}/xcap: could not connect`);
    expect(ran.stderr).not.toContain(password);
  });

  it('a folder, a missing file, an empty file, a file that is no PostgreSQL URL, and --store with --store-file are each exit 2', async () => {
    const folder = join(root, 'a-folder');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const cases: [string[], string][] = [
      [['--store-file', folder], `--store-file ${folder}: is not a regular file`],
      [['--store-file', join(root, 'missing')], `--store-file ${join(root, 'missing')}: cannot be opened (no such file)`],
      [['--store-file', await storeFile(0o600, '\n')], ': is empty'],
      [['--store-file', await storeFile(0o600, `mysql://xcap:${password}@db/x`)], 'mysql://xcap:***@db/x: not a PostgreSQL connection string'],
      [['--store', `postgres://xcap@127.0.0.1:${port}/xcap`, '--store-file', folder], '--store and --store-file: give one of them, not both'],
    ];
    for (const [argv, expected] of cases) {
      const ran = await runCliCaptured(['grants', ...argv]);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toContain(expected);
      expect(ran.stderr).not.toContain(password);
    }
  });
});
