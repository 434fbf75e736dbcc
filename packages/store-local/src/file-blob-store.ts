import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { QuotaExceededError, type BlobStore, type StoredBlob } from '@xcap/bridge';
import { appFolderName } from './app-folder-name.js';
import { isCode, syncDir, tempPrefix, writeFileAtomic } from './atomic-write.js';
import { type FileLockOptions, withFileLock } from './file-lock.js';

/** Options of `FileBlobStore`. */
export interface FileBlobStoreOptions {
  /** The most bytes one app's files may hold together, metadata included (default 1 GiB). */
  readonly quotaBytes?: number;
  /** The lock every change holds (`<dir>/.lock`): wait bound and staleness. */
  readonly lock?: FileLockOptions;
}

/** An app's usage as this instance last knew it, and the writer token it left in the folder then. */
interface Usage {
  readonly bytes: number;
  readonly token: string;
}

/** The file in each app folder naming the last change's writer (a token no other change repeats). */
const writerFile = '.writer';

/** One stored file as `FileBlobStore.list` describes it. */
export interface FileBlobListing {
  /** The file's id (`f-` + 32 hex digits). */
  readonly fileId: string;
  /** The name it was stored under. */
  readonly name?: string;
  /** Its media type. */
  readonly mimeType?: string;
  /** Size of the bytes. */
  readonly size: number;
  /** When the file was stored (ISO time). */
  readonly createdAt: string;
}

/** The sidecar kept beside each file's bytes. */
interface Sidecar {
  readonly name?: string;
  readonly mimeType?: string;
  readonly size?: number;
  readonly createdAt?: string;
}

/** The default per-app quota: 1 GiB. */
export const defaultQuotaBytes = 2 ** 30;

const fileIdPattern = /^f-[0-9a-f]{32}$/;

/**
 * A `BlobStore` on disk: each app's files live in its own folder under
 * `dir` (the folder name encodes the app id, see `appFolderName`), as
 * `<fileId>` (the bytes) and `<fileId>.json` (name, mimeType, size, time).
 *
 * - File ids are `f-` + 32 hex digits from a CSPRNG, never derived from a
 *   name; any other id answers "no such file" and never becomes a path.
 * - Both files are written atomically (the bytes first, then the sidecar,
 *   which makes the file exist); a put that fails removes both, and a data
 *   file without its sidecar (a killed put) is no file: reads skip it and
 *   the next change removes it.
 * - Every app has a quota of stored bytes, its sidecars counted; a `put`
 *   over it throws a `QuotaExceededError` (the bridge turns a failing put
 *   into an outcome).
 * - Every change (put, remove) holds the lock `<dir>/.lock`, so processes
 *   sharing the folder keep the quota. The usage of an app is counted once
 *   and then kept up to date by the changes; every change leaves a fresh
 *   token in the folder (`.writer`), and the usage is counted again only
 *   when the token is not the one this instance left (another process
 *   changed the folder), so a put costs the same with 10 files or 10,000.
 */
export class FileBlobStore implements BlobStore {
  /** The folder holding every app's folder. */
  readonly dir: string;
  /** The per-app quota in bytes. */
  readonly quotaBytes: number;
  readonly #lockFile: string;
  readonly #lockOptions: FileLockOptions;
  readonly #usage = new Map<string, Usage>();
  readonly #tokenPrefix = randomBytes(8).toString('hex');
  #changes = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(dir: string, options: FileBlobStoreOptions = {}) {
    if (typeof dir !== 'string' || dir === '') throw new TypeError('FileBlobStore: dir must be a non-empty path');
    if (dir.includes('\0')) throw new TypeError('FileBlobStore: dir must not contain a NUL character');
    const quotaBytes = options.quotaBytes ?? defaultQuotaBytes;
    if (!Number.isSafeInteger(quotaBytes) || quotaBytes < 0)
      throw new RangeError(`FileBlobStore: quotaBytes must be a non-negative integer, got ${String(quotaBytes)}`);
    this.dir = path.resolve(dir);
    this.quotaBytes = quotaBytes;
    this.#lockFile = path.join(this.dir, '.lock');
    this.#lockOptions = options.lock ?? {};
  }

  /** The app's file with that id, or `undefined` when the app has none by that id (or the id is not one of ours). */
  async get(app: string, fileId: string): Promise<StoredBlob | undefined> {
    checkApp(app);
    if (!isFileId(fileId)) return undefined;
    const file = path.join(this.#appDir(app), fileId);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined;
      throw error;
    }
    const meta = await readSidecar(file);
    if (meta === undefined) return undefined;
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ...(meta.name === undefined ? {} : { name: meta.name }),
      ...(meta.mimeType === undefined ? {} : { mimeType: meta.mimeType }),
    };
  }

  /** Stores a new file for the app and answers its new id; a `QuotaExceededError` when it does not fit. */
  async put(app: string, name: string, mimeType: string, bytes: Uint8Array): Promise<string> {
    checkApp(app);
    if (typeof name !== 'string') throw new TypeError('FileBlobStore.put: name must be a string');
    if (typeof mimeType !== 'string') throw new TypeError('FileBlobStore.put: mimeType must be a string');
    if (!(bytes instanceof Uint8Array)) throw new TypeError('FileBlobStore.put: bytes must be a Uint8Array');
    const dir = this.#appDir(app);
    return this.#locked(dir, async (stillHeld) => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const used = await this.#used(dir);
      const fileId = `f-${randomBytes(16).toString('hex')}`;
      const file = path.join(dir, fileId);
      const sidecar: Sidecar = { name, mimeType, size: bytes.length, createdAt: new Date().toISOString() };
      const sidecarText = `${JSON.stringify(sidecar)}\n`;
      const needed = bytes.length + Buffer.byteLength(sidecarText);
      if (used + needed > this.quotaBytes) throw new QuotaExceededError(app, this.quotaBytes, used, needed);
      this.#usage.delete(dir);
      try {
        await writeFileAtomic(file, bytes, { beforeRename: stillHeld });
        await writeFileAtomic(`${file}.json`, sidecarText, { beforeRename: stillHeld });
      } catch (error) {
        await unlinkIfThere(`${file}.json`).catch(() => undefined);
        await unlinkIfThere(file).catch(() => undefined);
        throw error;
      }
      await this.#remember(dir, used + needed);
      return fileId;
    });
  }

  /** Removes one of the app's files; an unknown or foreign id is ignored. */
  async remove(app: string, fileId: string): Promise<void> {
    checkApp(app);
    if (!isFileId(fileId)) return;
    const dir = this.#appDir(app);
    const file = path.join(dir, fileId);
    await this.#locked(dir, async () => {
      const known = this.#usage.get(dir);
      const valid = known !== undefined && known.token === (await readToken(dir)) ? known : undefined;
      this.#usage.delete(dir);
      const freed = (await unlinkIfThere(`${file}.json`)) + (await unlinkIfThere(file));
      await syncDir(dir).catch((error: unknown) => {
        if (!isCode(error, 'ENOENT')) throw error;
      });
      if (freed === 0) {
        if (valid !== undefined) this.#usage.set(dir, valid);
        return;
      }
      await this.#remember(dir, valid === undefined ? undefined : valid.bytes - freed);
    });
  }

  /** The app's files, oldest first. */
  async list(app: string): Promise<FileBlobListing[]> {
    checkApp(app);
    const dir = this.#appDir(app);
    const out: FileBlobListing[] = [];
    for (const entry of await entries(dir)) {
      if (!isFileId(entry)) continue;
      const file = path.join(dir, entry);
      let size: number;
      let mtime: Date;
      try {
        ({ size, mtime } = await stat(file));
      } catch (error) {
        if (isCode(error, 'ENOENT')) continue;
        throw error;
      }
      const meta = await readSidecar(file);
      if (meta === undefined) continue;
      out.push({
        fileId: entry,
        ...(meta.name === undefined ? {} : { name: meta.name }),
        ...(meta.mimeType === undefined ? {} : { mimeType: meta.mimeType }),
        size,
        createdAt: meta.createdAt ?? mtime.toISOString(),
      });
    }
    return out.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.fileId < b.fileId ? -1 : 1));
  }

  /** Bytes the app's files use now, sidecars included (what the quota is checked against). */
  async usage(app: string): Promise<number> {
    checkApp(app);
    const dir = this.#appDir(app);
    return this.#locked(dir, () => this.#used(dir));
  }

  #appDir(app: string): string {
    return path.join(this.dir, appFolderName(app));
  }

  /** The app's usage: the kept figure while the folder holds the token this instance left, else counted again (under the lock). */
  async #used(dir: string): Promise<number> {
    const known = this.#usage.get(dir);
    if (known !== undefined && known.token === (await readToken(dir))) return known.bytes;
    const bytes = await countUsage(dir);
    await this.#remember(dir, bytes);
    return bytes;
  }

  /** After a change (under the lock): leaves a fresh token in the folder and keeps `bytes` as the app's usage (`undefined`: count again next time). */
  async #remember(dir: string, bytes: number | undefined): Promise<void> {
    this.#usage.delete(dir);
    const token = `${this.#tokenPrefix}-${++this.#changes}`;
    try {
      await writeFile(path.join(dir, writerFile), token, { mode: 0o600 });
    } catch (error) {
      if (isCode(error, 'ENOENT')) return;
      throw error;
    }
    if (bytes !== undefined) this.#usage.set(dir, { bytes, token });
  }

  /** Runs `task` after this instance's earlier changes, holding the store's lock. */
  #locked<T>(dir: string, task: (stillHeld: () => Promise<void>) => Promise<T>): Promise<T> {
    const run = async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      return withFileLock(this.#lockFile, task, this.#lockOptions).catch((error: unknown) => {
        this.#usage.delete(dir);
        throw error;
      });
    };
    const done = this.#queue.then(run, run);
    this.#queue = done.catch(() => undefined);
    return done;
  }
}

/** True when `fileId` has the exact shape of the ids this store makes. */
function isFileId(fileId: unknown): fileId is string {
  return typeof fileId === 'string' && fileIdPattern.test(fileId);
}

function checkApp(app: unknown): asserts app is string {
  if (typeof app !== 'string' || app === '')
    throw new TypeError(`FileBlobStore: app must be a non-empty string, got ${typeof app === 'string' ? '""' : typeof app}`);
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return [];
    throw error;
  }
}

/** The token the folder's last change left (`none` when there is none). */
async function readToken(dir: string): Promise<string> {
  try {
    return await readFile(path.join(dir, writerFile), 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return 'none';
    throw error;
  }
}

/**
 * Sums the sizes of the app's files and their sidecars. Called under the
 * lock, when no put is under way anywhere: it removes what killed puts left
 * (temp files, a data file without its sidecar, a sidecar without its data).
 */
async function countUsage(dir: string): Promise<number> {
  const names = await entries(dir);
  const present = new Set(names);
  let total = 0;
  for (const entry of names) {
    const isTemp = entry.startsWith(tempPrefix);
    const isSidecar = entry.endsWith('.json') && isFileId(entry.slice(0, -5));
    if (!isTemp && !isSidecar && !isFileId(entry)) continue;
    const orphan = isTemp || (isSidecar ? !present.has(entry.slice(0, -5)) : !present.has(`${entry}.json`));
    if (orphan) {
      await unlinkIfThere(path.join(dir, entry));
      continue;
    }
    try {
      total += (await lstat(path.join(dir, entry))).size;
    } catch (error) {
      if (!isCode(error, 'ENOENT')) throw error;
    }
  }
  return total;
}

/** The file's sidecar, or `undefined` when it has none (a put that never finished, or a remove under way). */
async function readSidecar(file: string): Promise<Sidecar | undefined> {
  const sidecarFile = `${file}.json`;
  let text: string;
  try {
    text = await readFile(sidecarFile, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`app file metadata ${sidecarFile} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error(`app file metadata ${sidecarFile} must be a JSON object`);
  const { name, mimeType, size, createdAt } = doc as Record<string, unknown>;
  for (const [key, value] of Object.entries({ name, mimeType, createdAt })) {
    if (value !== undefined && typeof value !== 'string') throw new Error(`app file metadata ${sidecarFile}: /${key} must be a string`);
  }
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof mimeType === 'string' ? { mimeType } : {}),
    ...(typeof size === 'number' ? { size } : {}),
    ...(typeof createdAt === 'string' ? { createdAt } : {}),
  };
}

/** Removes `file` if it is there; answers the bytes it held (0 when there was none). */
async function unlinkIfThere(file: string): Promise<number> {
  try {
    const { size } = await lstat(file);
    await unlink(file);
    return size;
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
    return 0;
  }
}
