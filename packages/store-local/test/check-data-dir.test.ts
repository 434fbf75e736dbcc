import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DataDirError, GrantFileError, checkDataDir, dataPaths } from '../src/index.js';
import { tempDir } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const asRoot = process.getuid?.() === 0;

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
    expect(refusal(() => checkDataDir(paths))).toMatchObject({
      path: paths.dir,
      problem: 'is writable by its group (mode 0770)',
      fix: `run chmod 700 ${paths.dir}`,
    });
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
    expect(refusal(() => checkDataDir(paths)).message).toBe(
      `${paths.consent} is owned by uid 65534, not by you (uid 0): run chown 0 ${paths.consent}, or use a data directory of your own`,
    );
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
    expect(refusal(() => checkDataDir(paths))).toMatchObject({
      path: paths.consent,
      problem: 'is a symbolic link, which xcap does not follow in its data directory',
    });
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
