import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { MemoryAuditSink } from '@xcap/audit';
import { catalog, type JsonObject } from '@xcap/catalog';
import { fakeProviders } from '@xcap/host-testing';
import { DataDirError, FileBlobStore, GrantFileError, checkDataDir, dataPaths } from '@xcap/store-local';
import { errorOf, tempDir } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createNodeHost } from '../../src/create-node-host.js';

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }] };
const natives = () => ({
  providers: fakeProviders(catalog, ['photos'], (_tool, input: JsonObject) => ({ structuredContent: { photos: [], cursor: null, seen: input } })),
  provided: ['photos'],
});

/** A private data directory holding a consent.json that grants photos.read. */
function dataDir() {
  const dir = path.join(tempDir(), 'data');
  mkdirSync(dir, { mode: 0o700 });
  writeFileSync(path.join(dir, 'consent.json'), '{"acme.album": {"photos.read": "granted"}}', { mode: 0o600 });
  return dataPaths(dir);
}

describe('createNodeHost and the CLI check the data directory', () => {
  it('refuses to serve from a 0777 directory with a world-writable consent.json, and creates nothing there', async () => {
    const paths = dataDir();
    chmodSync(paths.dir, 0o777);
    chmodSync(paths.consent, 0o666);
    const error = await createNodeHost({ manifest, dataDir: paths.dir, natives: natives() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as Error).message).toBe(`${paths.dir} is writable by others (mode 0777): run chmod 700 ${paths.dir}`);
    chmodSync(paths.dir, 0o700);
    await expect(createNodeHost({ manifest, dataDir: paths.dir, natives: natives() })).rejects.toThrow(
      errorOf(DataDirError, `${paths.consent} is writable by others (mode 0666): run chmod 600 ${paths.consent}`),
    );
    expect(existsSync(paths.audit)).toBe(false);
  });

  it('refuses to serve with a consent.json that does not parse, instead of forgetting every grant', async () => {
    const paths = dataDir();
    writeFileSync(paths.consent, '{"acme.album": {"photos.read": "granted",}}');
    await expect(createNodeHost({ manifest, dataDir: paths.dir, natives: natives() })).rejects.toThrow(
      errorOf(GrantFileError, new RegExp(`grant file ${paths.consent}: the document is not valid JSON`)),
    );
    expect(existsSync(paths.audit)).toBe(false);
  });

  it('xcap grant, revoke, grants and audit print the problem and the fix as one line', async () => {
    const paths = dataDir();
    chmodSync(paths.dir, 0o707);
    for (const argv of [['grant', 'acme.album', 'photos.read'], ['revoke', 'acme.album', 'photos.read'], ['grants'], ['audit']]) {
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
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  ];
}
