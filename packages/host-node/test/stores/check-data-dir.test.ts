import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MemoryAuditSink } from '@xcap/audit';
import { catalog, type JsonObject } from '@xcap/catalog';
import { fakeProviders } from '@xcap/host-testing';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createNodeHost } from '../../src/create-node-host.js';
import { DataDirError, FileBlobStore, GrantFileError, checkDataDir, dataPaths } from '../../src/stores/index.js';
import { tempDir } from './temp-dir.js';

const asRoot = process.getuid?.() === 0;
const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }] };
const natives = () => ({ providers: fakeProviders(catalog, ['photos'], (_tool, input: JsonObject) => ({ structuredContent: { photos: [], cursor: null, seen: input } })), provided: ['photos'] });

/** A private data directory with a consent.json, a files/ folder with one app folder, and a notifications file. */
function dataDir() {
  const dir = path.join(tempDir(), 'data');
  mkdirSync(path.join(dir, 'files', 'app-acme.album'), { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  writeFileSync(path.join(dir, 'consent.json'), '{"acme.album": {"photos.read": "granted"}}', { mode: 0o600 });
  writeFileSync(path.join(dir, 'notifications.json'), '{"version": 1, "pending": []}', { mode: 0o600 });
  return dataPaths(dir);
}

function refusal(run: () => void): DataDirError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirError);
    return error as DataDirError;
  }
  throw new Error('expected a DataDirError');
}

describe('checkDataDir', () => {
  it('passes a directory that does not exist yet, and a private one (files 0600 or 0644, folders 0700 or 0755)', () => {
    checkDataDir(dataPaths(path.join(tempDir(), 'missing')));
    const paths = dataDir();
    checkDataDir(paths);
    chmodSync(paths.consent, 0o644);
    chmodSync(paths.dir, 0o755);
    checkDataDir(paths);
  });

  it('refuses a directory writable by others or by its group, naming the path and the chmod', () => {
    const paths = dataDir();
    chmodSync(paths.dir, 0o777);
    expect(refusal(() => checkDataDir(paths)).message).toBe(`${paths.dir} is writable by others (mode 0777): run chmod 700 ${paths.dir}`);
    chmodSync(paths.dir, 0o770);
    expect(refusal(() => checkDataDir(paths))).toMatchObject({ path: paths.dir, problem: 'is writable by its group (mode 0770)', fix: `run chmod 700 ${paths.dir}` });
  });

  it('refuses a store file writable by others (chmod 600) and a files/ folder or app folder writable by others (chmod 700)', () => {
    const paths = dataDir();
    chmodSync(paths.consent, 0o666);
    expect(refusal(() => checkDataDir(paths)).message).toBe(`${paths.consent} is writable by others (mode 0666): run chmod 600 ${paths.consent}`);
    chmodSync(paths.consent, 0o600);
    chmodSync(paths.notifications, 0o662);
    expect(refusal(() => checkDataDir(paths)).path).toBe(paths.notifications);
    chmodSync(paths.notifications, 0o600);
    chmodSync(paths.files, 0o777);
    expect(refusal(() => checkDataDir(paths)).path).toBe(paths.files);
    chmodSync(paths.files, 0o700);
    const appFolder = path.join(paths.files, 'app-acme.album');
    chmodSync(appFolder, 0o757);
    expect(refusal(() => checkDataDir(paths)).message).toBe(`${appFolder} is writable by others (mode 0757): run chmod 700 ${appFolder}`);
  });

  it.skipIf(!asRoot)('refuses a directory or a store file owned by another user, naming the owner', () => {
    const paths = dataDir();
    chownSync(paths.consent, 65534, 65534);
    expect(refusal(() => checkDataDir(paths)).message).toBe(`${paths.consent} is owned by uid 65534, not by you (uid 0): run chown 0 ${paths.consent}, or use a data directory of your own`);
    chownSync(paths.consent, 0, 0);
    chownSync(paths.dir, 65534, 65534);
    expect(refusal(() => checkDataDir(paths)).problem).toBe('is owned by uid 65534, not by you (uid 0)');
    chownSync(paths.dir, 0, 0);
    writeFileSync(path.join(paths.dir, 'audit.sqlite-wal'), '');
    chownSync(path.join(paths.dir, 'audit.sqlite-wal'), 65534, 65534);
    expect(refusal(() => checkDataDir(paths)).path).toBe(path.join(paths.dir, 'audit.sqlite-wal'));
  });

  it('refuses a symbolic link where a store file or folder should be, and a store path of the wrong kind', () => {
    const paths = dataDir();
    const elsewhere = path.join(path.dirname(paths.dir), 'elsewhere.json');
    writeFileSync(elsewhere, '{}', { mode: 0o600 });
    rmSync(paths.consent);
    symlinkSync(elsewhere, paths.consent);
    expect(refusal(() => checkDataDir(paths))).toMatchObject({ path: paths.consent, problem: 'is a symbolic link, which xcap does not follow in its data directory' });
    rmSync(paths.consent);
    mkdirSync(paths.consent, { mode: 0o700 });
    expect(refusal(() => checkDataDir(paths))).toMatchObject({ path: paths.consent, problem: 'is not a regular file' });
    rmSync(paths.consent, { recursive: true });
    symlinkSync(path.dirname(paths.dir), path.join(paths.files, 'app-evil'));
    expect(refusal(() => checkDataDir(paths)).path).toBe(path.join(paths.files, 'app-evil'));
  });

  it('refuses a FIFO in the data directory', () => {
    const paths = dataDir();
    expect(spawnSync('mkfifo', ['-m', '600', path.join(paths.dir, 'pipe')]).status).toBe(0);
    expect(refusal(() => checkDataDir(paths)).problem).toBe('is neither a regular file nor a directory');
  });

  it('throws the GrantFileError (file and JSON pointer) of a consent.json that does not parse', () => {
    const paths = dataDir();
    writeFileSync(paths.consent, '{"acme.album": {"photos.read": "yes"}}');
    expect(() => checkDataDir(paths)).toThrow(GrantFileError);
    expect(() => checkDataDir(paths)).toThrow(`grant file ${paths.consent}: /acme.album/photos.read must be "granted" or "denied", got "yes"`);
  });
});

describe('createNodeHost and the CLI check the data directory', () => {
  it('refuses to serve from a 0777 directory with a world-writable consent.json, and creates nothing there', async () => {
    const paths = dataDir();
    chmodSync(paths.dir, 0o777);
    chmodSync(paths.consent, 0o666);
    const error = await createNodeHost({ manifest, dataDir: paths.dir, natives: natives() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as Error).message).toBe(`${paths.dir} is writable by others (mode 0777): run chmod 700 ${paths.dir}`);
    chmodSync(paths.dir, 0o700);
    await expect(createNodeHost({ manifest, dataDir: paths.dir, natives: natives() })).rejects.toThrow(`${paths.consent} is writable by others (mode 0666): run chmod 600 ${paths.consent}`);
    expect(existsSync(paths.audit)).toBe(false);
  });

  it('refuses to serve with a consent.json that does not parse, instead of forgetting every grant', async () => {
    const paths = dataDir();
    writeFileSync(paths.consent, '{"acme.album": {"photos.read": "granted",}}');
    await expect(createNodeHost({ manifest, dataDir: paths.dir, natives: natives() })).rejects.toThrow(new RegExp(`grant file ${paths.consent}: the document is not valid JSON`));
    expect(existsSync(paths.audit)).toBe(false);
  });

  it('xcap grant, revoke, grants and audit print the problem and the fix as one line', async () => {
    const paths = dataDir();
    chmodSync(paths.dir, 0o707);
    for (const argv of [
      ['grant', 'acme.album', 'photos.read'],
      ['revoke', 'acme.album', 'photos.read'],
      ['grants'],
      ['audit'],
    ]) {
      let stderr = '';
      const code = await runCli([...argv, '--data', paths.dir], { stdout: () => undefined, stderr: (t) => (stderr += t), env: {} });
      expect(code).toBe(1);
      expect(stderr).toBe(`xcap: ${paths.dir} is writable by others (mode 0707): run chmod 700 ${paths.dir}\n`);
    }
  });

  it('creates every file 0600 and every folder 0700 whatever the umask', async () => {
    const previous = process.umask(0);
    try {
      const dir = path.join(tempDir(), 'data');
      const host = await createNodeHost({ manifest, dataDir: dir, natives: natives(), audit: new MemoryAuditSink() });
      await host.grants.set('acme.album', 'photos.read', 'granted');
      await host.blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array([1]));
      await new FileBlobStore(host.paths.files).put('other.app', 'b.txt', 'text/plain', new Uint8Array([2]));
      await host.close();
      const modes = walk(dir).map((entry) => [path.relative(dir, entry), statSync(entry).mode & 0o777, statSync(entry).isDirectory()] as const);
      expect(modes.length).toBeGreaterThan(6);
      for (const [name, mode, folder] of modes) expect([name, mode.toString(8)]).toEqual([name, folder ? '700' : '600']);
      checkDataDir(host.paths);
    } finally {
      process.umask(previous);
    }
  });
});

function walk(dir: string): string[] {
  return [dir, ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))];
}
