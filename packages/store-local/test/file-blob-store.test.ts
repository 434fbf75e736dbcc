import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bridgeCall } from '@xcap/bridge';
import { catalog } from '@xcap/catalog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuotaExceededError } from '@xcap/bridge';
import { FileBlobStore, appFolderName, defaultQuotaBytes } from '../src/index.js';
import { tempDir, errorOf } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const app = 'acme.album';
const bytes = (...values: number[]) => new Uint8Array(values);

function setup(quotaBytes?: number) {
  const dir = tempDir();
  return { dir, store: new FileBlobStore(dir, quotaBytes === undefined ? {} : { quotaBytes }) };
}

describe('FileBlobStore', () => {
  it('stores bytes with name and mimeType and reads them back, also through a new instance (restart)', async () => {
    const { dir, store } = setup();
    const id = await store.put(app, 'page.pdf', 'application/pdf', bytes(37, 80, 68, 70));
    expect(id).toMatch(/^f-[0-9a-f]{32}$/);
    const blob = await store.get(app, id);
    expect(blob).toEqual({ bytes: bytes(37, 80, 68, 70), name: 'page.pdf', mimeType: 'application/pdf' });
    expect(blob?.bytes).toBeInstanceOf(Uint8Array);
    expect(await new FileBlobStore(dir).get(app, id)).toEqual(blob);
  });

  it('makes a random id every time, never derived from the name', async () => {
    const { store } = setup();
    const ids = await Promise.all(Array.from({ length: 20 }, () => store.put(app, 'same.txt', 'text/plain', bytes(1))));
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(id).not.toContain('same');
  });

  it('stores empty files and keeps a caller change to its array out of the stored file', async () => {
    const { store } = setup();
    const empty = await store.put(app, 'empty', 'application/octet-stream', new Uint8Array(0));
    expect((await store.get(app, empty))?.bytes).toEqual(new Uint8Array(0));
    const data = bytes(1, 2, 3);
    const id = await store.put(app, 'x', 'x/y', data);
    data[0] = 9;
    expect((await store.get(app, id))?.bytes).toEqual(bytes(1, 2, 3));
  });

  it('lays files out under an encoded folder per app, bytes beside a JSON sidecar, no temp files left', async () => {
    const { dir, store } = setup();
    const id = await store.put(app, 'a.png', 'image/png', bytes(1, 2));
    expect(readdirSync(dir)).toEqual([appFolderName(app)]);
    expect(readdirSync(path.join(dir, appFolderName(app))).sort()).toEqual(['.writer', id, `${id}.json`]);
    const sidecar = JSON.parse(readFileSync(path.join(dir, appFolderName(app), `${id}.json`), 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({ name: 'a.png', mimeType: 'image/png', size: 2 });
    expect(Number.isFinite(Date.parse(String(sidecar['createdAt'])))).toBe(true);
  });

  it('answers undefined for ids that are not of its exact shape and never touches a path for them', async () => {
    const { dir, store } = setup();
    const id = await store.put(app, 'a', 'text/plain', bytes(1));
    writeFileSync(path.join(dir, 'secret'), 'top secret');
    const hostile = [
      '../secret',
      '../../etc/passwd',
      '/etc/passwd',
      `${id}/../${id}`,
      `./${id}`,
      `${id}\0`,
      `${id}.json`,
      id.toUpperCase(),
      `${id} `,
      ` ${id}`,
      'f-',
      'f-' + '0'.repeat(31),
      'f-' + '0'.repeat(33),
      '',
      '..',
      '.',
      'C:\\x',
      42,
      null,
      undefined,
    ];
    for (const bad of hostile) {
      expect(await store.get(app, bad as string)).toBeUndefined();
      await store.remove(app, bad as string);
    }
    expect(await store.get(app, id)).toBeDefined();
    expect(readFileSync(path.join(dir, 'secret'), 'utf8')).toBe('top secret');
    expect(await store.get(app, 'f-' + '0'.repeat(32))).toBeUndefined();
  });

  it('keeps apps apart: no app reads, lists, removes or overwrites another app’s file', async () => {
    const { store } = setup();
    const mine = await store.put(app, 'mine.txt', 'text/plain', bytes(1));
    const theirs = await store.put('evil.app', 'theirs.txt', 'text/plain', bytes(2));
    expect(await store.get('evil.app', mine)).toBeUndefined();
    expect(await store.get(app, theirs)).toBeUndefined();
    await store.remove('evil.app', mine);
    expect(await store.get(app, mine)).toBeDefined();
    expect((await store.list('evil.app')).map((f) => f.fileId)).toEqual([theirs]);
    expect((await store.list(app)).map((f) => f.fileId)).toEqual([mine]);
  });

  it('keeps hostile app ids inside the store, and apart from each other', async () => {
    const { dir, store } = setup();
    const apps = [
      '..',
      '.',
      '../escape',
      '/abs',
      'a/b',
      'a\\b',
      'A',
      'a',
      'nul\0byte',
      '\ud800',
      '\ufffd',
      'CON',
      '_0041',
      'x'.repeat(500),
      'x'.repeat(501),
      '🙂',
    ];
    const ids = new Map<string, string>();
    for (const [i, a] of apps.entries()) ids.set(a, await store.put(a, 'f', 'text/plain', bytes(i)));
    const folders = readdirSync(dir);
    expect(folders).toHaveLength(apps.length);
    for (const folder of folders) expect(folder).toMatch(/^app[-~][a-z0-9._-]*$/);
    expect(existsSync(path.join(dir, '..', 'escape'))).toBe(false);
    for (const [i, a] of apps.entries()) {
      expect((await store.get(a, ids.get(a) ?? ''))?.bytes).toEqual(bytes(i));
      expect(await store.list(a)).toHaveLength(1);
    }
    expect(await store.get('a', ids.get('A') ?? '')).toBeUndefined();
    expect(await store.get('\ufffd', ids.get('\ud800') ?? '')).toBeUndefined();
  });

  it('encodes app folder names one to one and keeps them short', () => {
    expect(appFolderName('acme.album')).toBe('app-acme.album');
    expect(appFolderName('Acme')).toBe('app-_0041cme');
    expect(appFolderName('_')).toBe('app-_005f');
    expect(appFolderName('x'.repeat(200))).toMatch(/^app~[0-9a-f]{64}$/);
    expect(appFolderName('x'.repeat(200))).not.toBe(appFolderName('x'.repeat(201)));
  });

  it('removes a file (bytes and sidecar), and removing again is harmless', async () => {
    const { dir, store } = setup();
    const id = await store.put(app, 'a', 'text/plain', bytes(1));
    const keep = await store.put(app, 'b', 'text/plain', bytes(2));
    await store.remove(app, id);
    expect(await store.get(app, id)).toBeUndefined();
    await store.remove(app, id);
    await store.remove('never.stored', id);
    expect(readdirSync(path.join(dir, appFolderName(app))).sort()).toEqual(['.writer', keep, `${keep}.json`].sort());
  });

  it('lists an app’s files oldest first with name, mimeType and size; an unknown app has none', async () => {
    const { store } = setup();
    const first = await store.put(app, 'one.txt', 'text/plain', bytes(1));
    await new Promise((r) => setTimeout(r, 5));
    const second = await store.put(app, 'two.jpg', 'image/jpeg', bytes(1, 2, 3));
    const listing = await store.list(app);
    expect(listing.map(({ fileId, name, mimeType, size }) => ({ fileId, name, mimeType, size }))).toEqual([
      { fileId: first, name: 'one.txt', mimeType: 'text/plain', size: 1 },
      { fileId: second, name: 'two.jpg', mimeType: 'image/jpeg', size: 3 },
    ]);
    expect(await store.list('nobody')).toEqual([]);
  });

  it('refuses a put over the app’s quota with a QuotaExceededError carrying the numbers, and stores nothing', async () => {
    const { dir, store } = setup(300);
    await store.put(app, 'a', 'x/y', new Uint8Array(6));
    const used = await store.usage(app);
    expect(used).toBe(bytesOnDisk(path.join(dir, appFolderName(app))));
    const error = (await store.put(app, 'b', 'x/y', new Uint8Array(300 - used)).catch((e: unknown) => e)) as QuotaExceededError;
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ app, quotaBytes: 300, usedBytes: used });
    expect(error.requestedBytes).toBeGreaterThan(300 - used);
    expect(error.message).toBe(`app "acme.album" is over its file quota: ${used} bytes used + ${error.requestedBytes} bytes new > 300 bytes allowed`);
    expect(await store.list(app)).toHaveLength(1);
    expect(readdirSync(path.join(dir, appFolderName(app))).filter((name) => !name.startsWith('.'))).toHaveLength(2);
    await store.put(app, 'c', 'x/y', new Uint8Array(4));
    expect(await store.usage(app)).toBe(bytesOnDisk(path.join(dir, appFolderName(app))));
    await store.put('other.app', 'd', 'x/y', new Uint8Array(200));
  });

  it('counts the name and media type against the quota: a huge name does not fit a small quota', async () => {
    const { dir, store } = setup(1000);
    const error = (await store.put(app, 'n'.repeat(200_000), 'x/y', new Uint8Array(1)).catch((e: unknown) => e)) as QuotaExceededError;
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error.requestedBytes).toBeGreaterThan(200_000);
    const mime = (await store.put(app, 'a', 'x/'.padEnd(5000, 'y'), new Uint8Array(1)).catch((e: unknown) => e)) as QuotaExceededError;
    expect(mime).toBeInstanceOf(QuotaExceededError);
    expect(await store.list(app)).toEqual([]);
    expect(bytesOnDisk(path.join(dir, appFolderName(app)))).toBe(0);
  });

  it('holds the quota when puts of one app run concurrently, and frees space on remove', async () => {
    const probe = setup();
    await probe.store.put(app, 'a', 'x/y', new Uint8Array(3));
    const perFile = await probe.store.usage(app);
    const { dir, store } = setup(3 * perFile + Math.floor(perFile / 2));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => store.put(app, 'a', 'x/y', new Uint8Array(3))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof QuotaExceededError)).toHaveLength(2);
    const first = results.find((r) => r.status === 'fulfilled');
    await store.remove(app, (first as PromiseFulfilledResult<string>).value);
    expect(await store.usage(app)).toBe(2 * perFile);
    await store.put(app, 'b', 'x/y', new Uint8Array(3));
    expect(await store.usage(app)).toBe(3 * perFile);
    expect(await store.usage(app)).toBe(bytesOnDisk(path.join(dir, appFolderName(app))));
  });

  it('keeps the quota between instances (processes) sharing the folder: each sees what the other stored', async () => {
    const probe = setup();
    await probe.store.put(app, 'a', 'x/y', new Uint8Array(3));
    const perFile = await probe.store.usage(app);
    const dir = tempDir();
    const quotaBytes = 4 * perFile;
    const a = new FileBlobStore(dir, { quotaBytes });
    const b = new FileBlobStore(dir, { quotaBytes });
    await a.put(app, 'a', 'x/y', new Uint8Array(3));
    await b.put(app, 'a', 'x/y', new Uint8Array(3));
    await a.put(app, 'a', 'x/y', new Uint8Array(3));
    await b.put(app, 'a', 'x/y', new Uint8Array(3));
    await expect(a.put(app, 'a', 'x/y', new Uint8Array(3))).rejects.toThrow(QuotaExceededError);
    await expect(b.put(app, 'a', 'x/y', new Uint8Array(3))).rejects.toThrow(QuotaExceededError);
    const [first] = await a.list(app);
    await b.remove(app, first?.fileId ?? '');
    await a.put(app, 'a', 'x/y', new Uint8Array(3));
    expect(await b.usage(app)).toBe(quotaBytes);
    expect(bytesOnDisk(path.join(dir, appFolderName(app)))).toBe(quotaBytes);
  });

  it('defaults to a 1 GiB quota and refuses a bad one', () => {
    expect(new FileBlobStore(tempDir()).quotaBytes).toBe(defaultQuotaBytes);
    expect(defaultQuotaBytes).toBe(1024 ** 3);
    for (const quotaBytes of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new FileBlobStore(tempDir(), { quotaBytes })).toThrow(RangeError);
  });

  it('rejects bad arguments with a TypeError (never a synchronous throw)', async () => {
    const { store } = setup();
    await expect(store.put('', 'a', 'x/y', bytes(1))).rejects.toThrow(errorOf(TypeError, /app must be a non-empty string/));
    await expect(store.put(app, 1 as never, 'x/y', bytes(1))).rejects.toThrow(errorOf(TypeError, /name must be a string/));
    await expect(store.put(app, 'a', 2 as never, bytes(1))).rejects.toThrow(errorOf(TypeError, /mimeType must be a string/));
    await expect(store.put(app, 'a', 'x/y', [1] as never)).rejects.toThrow(errorOf(TypeError, /bytes must be a Uint8Array/));
    await expect(store.get(42 as never, 'f-' + '0'.repeat(32))).rejects.toThrow(TypeError);
    await expect(store.list(undefined as never)).rejects.toThrow(TypeError);
    await expect(store.usage('')).rejects.toThrow(TypeError);
  });

  it('names a broken sidecar', async () => {
    const { dir, store } = setup();
    const id = await store.put(app, 'a', 'text/plain', bytes(1));
    const sidecar = path.join(dir, appFolderName(app), `${id}.json`);
    writeFileSync(sidecar, '{broken');
    await expect(store.get(app, id)).rejects.toThrow(errorOf(Error, new RegExp(`metadata .*${id}\\.json is not valid JSON`)));
    writeFileSync(sidecar, '{"name": 5}');
    await expect(store.get(app, id)).rejects.toThrow(errorOf(Error, /\/name must be a string/));
  });

  it('ignores what a killed put left (data without sidecar, sidecar without data, temp files) and removes it at the next change', async () => {
    const { dir, store } = setup();
    const folder = path.join(dir, appFolderName(app));
    const kept = await store.put(app, 'kept', 'text/plain', bytes(1));
    const dataOnly = `f-${'a'.repeat(32)}`;
    const sidecarOnly = `f-${'b'.repeat(32)}`;
    writeFileSync(path.join(folder, dataOnly), 'orphan bytes');
    writeFileSync(path.join(folder, `${sidecarOnly}.json`), '{"name": "orphan"}');
    writeFileSync(path.join(folder, `.tmp-${kept}.0123456789ab`), 'half');
    expect(await store.get(app, dataOnly)).toBeUndefined();
    expect(await store.get(app, sidecarOnly)).toBeUndefined();
    expect((await store.list(app)).map((f) => f.fileId)).toEqual([kept]);
    writeFileSync(path.join(folder, '.writer'), 'another process changed the folder');
    const added = await store.put(app, 'added', 'text/plain', bytes(2));
    expect(readdirSync(folder).sort()).toEqual(['.writer', added, `${added}.json`, kept, `${kept}.json`].sort());
    expect(await store.usage(app)).toBe(bytesOnDisk(folder));
  });
});

describe('FileBlobStore on a full disk', () => {
  let mounted: string | undefined;
  const canMount = (() => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
    const probe = mkdtempSync(path.join(os.tmpdir(), 'xcap-mount-probe-'));
    const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
    if (ok) spawnSync('umount', [probe]);
    rmSync(probe, { recursive: true, force: true });
    return ok;
  })();

  afterEach(() => {
    if (mounted === undefined) return;
    spawnSync('umount', [mounted]);
    rmSync(mounted, { recursive: true, force: true });
    mounted = undefined;
  });

  /** A store on a fresh 64 KiB tmpfs (tests run as root). */
  function fullDiskStore(): { folder: string; store: FileBlobStore } {
    mounted = mkdtempSync(path.join(os.tmpdir(), 'xcap-full-'));
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mounted]).status).toBe(0);
    return { folder: path.join(mounted, appFolderName(app)), store: new FileBlobStore(mounted) };
  }

  it.skipIf(!canMount)('a put whose bytes do not fit leaves no sidecar, no data and no temp file behind', async () => {
    const { folder, store } = fullDiskStore();
    await expect(store.put(app, 'big.bin', 'application/octet-stream', new Uint8Array(128 * 1024))).rejects.toThrow(errorOf(Error, /ENOSPC/));
    expect(readdirSync(folder).filter((name) => name !== '.writer')).toEqual([]);
    expect(await store.list(app)).toEqual([]);
  });

  it.skipIf(!canMount)('a put whose sidecar does not fit removes its bytes again', async () => {
    const { folder, store } = fullDiskStore();
    await expect(store.put(app, 'n'.repeat(40 * 1024), 'application/octet-stream', new Uint8Array(20 * 1024))).rejects.toThrow(errorOf(Error, /ENOSPC/));
    expect(readdirSync(folder).filter((name) => name !== '.writer')).toEqual([]);
    const id = await store.put(app, 'small', 'text/plain', bytes(1));
    expect((await store.get(app, id))?.bytes).toEqual(bytes(1));
  });
});

/** The bytes of every regular file in `folder` but the writer token (what the quota should count). */
function bytesOnDisk(folder: string): number {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder)
    .filter((name) => name !== '.writer')
    .reduce((sum, name) => sum + statSync(path.join(folder, name)).size, 0);
}

describe('FileBlobStore behind the bridge', () => {
  const args = { title: 'Album', blocks: [{ heading: 'Summer 2026' }, { text: 'Three days at the lake.' }] };
  const context = { app, screens: ['albums', 'page'] };

  it('stores print_pdf’s output as an app file', async () => {
    const { store } = setup();
    const end = await bridgeCall({ catalog, tool: 'print_pdf', arguments: args, context, blobs: store });
    expect(end.outcome).toBe('ok');
    const fileId = (end.result.structuredContent as { file: { fileId: string } }).file.fileId;
    const stored = await store.get(app, fileId);
    expect(stored?.name).toBe('Album.pdf');
    expect(new TextDecoder().decode(stored?.bytes.subarray(0, 5))).toBe('%PDF-');
  });

  it('turns a put over the quota into the bridge’s storeFailed outcome, storing nothing', async () => {
    const { store } = setup(100);
    const end = await bridgeCall({ catalog, tool: 'print_pdf', arguments: args, context, blobs: store });
    expect(end.outcome).toBe('isError');
    expect(end.result.isError).toBe(true);
    expect(JSON.stringify(end.result.content)).toContain('storeFailed');
    expect(await store.list(app)).toEqual([]);
  });
});
