import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore, StoredBlob } from '@xcap/bridge';
import { appFolderName } from './app-folder-name.js';
import { isCode, syncDir, tempPrefix, writeFileAtomic } from '../atomic-write.js';
import { QuotaExceededError } from './quota-exceeded-error.js';

/** Options of `FileBlobStore`. */
export interface FileBlobStoreOptions {
  /** The most bytes one app's files may hold together (default 1 GiB). */
  readonly quotaBytes?: number;
}

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

/** Temp files older than this are left-overs of a crash and are removed when the app's folder is scanned. */
const staleTempMs = 10 * 60_000;

const fileIdPattern = /^f-[0-9a-f]{32}$/;

/**
 * A `BlobStore` on disk: each app's files live in its own folder under
 * `dir` (the folder name encodes the app id, see `appFolderName`), as
 * `<fileId>` (the bytes) and `<fileId>.json` (name, mimeType, size, time).
 *
 * - File ids are `f-` + 32 hex digits from a CSPRNG, never derived from a
 *   name; any other id answers "no such file" and never becomes a path.
 * - Both files are written atomically (sidecar first, then the bytes, which
 *   make the file exist), so a crash never leaves a half-written file.
 * - Every app has a quota of stored bytes; a `put` over it throws a
 *   `QuotaExceededError` (the bridge turns a failing put into an outcome).
 *   Puts of one app are serialised within the process; the quota is checked
 *   against what is on disk.
 */
export class FileBlobStore implements BlobStore {
  /** The folder holding every app's folder. */
  readonly dir: string;
  /** The per-app quota in bytes. */
  readonly quotaBytes: number;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(dir: string, options: FileBlobStoreOptions = {}) {
    if (typeof dir !== 'string' || dir === '') throw new TypeError('FileBlobStore: dir must be a non-empty path');
    if (dir.includes('\0')) throw new TypeError('FileBlobStore: dir must not contain a NUL character');
    const quotaBytes = options.quotaBytes ?? defaultQuotaBytes;
    if (!Number.isSafeInteger(quotaBytes) || quotaBytes < 0) throw new RangeError(`FileBlobStore: quotaBytes must be a non-negative integer, got ${String(quotaBytes)}`);
    this.dir = path.resolve(dir);
    this.quotaBytes = quotaBytes;
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
    return this.#serial(app, async () => {
      const dir = this.#appDir(app);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const used = await usage(dir);
      if (used + bytes.length > this.quotaBytes) throw new QuotaExceededError(app, this.quotaBytes, used, bytes.length);
      const fileId = `f-${randomBytes(16).toString('hex')}`;
      const file = path.join(dir, fileId);
      const sidecar: Sidecar = { name, mimeType, size: bytes.length, createdAt: new Date().toISOString() };
      await writeFileAtomic(`${file}.json`, `${JSON.stringify(sidecar)}\n`);
      await writeFileAtomic(file, bytes);
      return fileId;
    });
  }

  /** Removes one of the app's files; an unknown or foreign id is ignored. */
  async remove(app: string, fileId: string): Promise<void> {
    checkApp(app);
    if (!isFileId(fileId)) return;
    const dir = this.#appDir(app);
    const file = path.join(dir, fileId);
    await unlinkIfThere(file);
    await unlinkIfThere(`${file}.json`);
    await syncDir(dir).catch((error: unknown) => {
      if (!isCode(error, 'ENOENT')) throw error;
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

  /** Bytes the app's files use now (what the quota is checked against). */
  async usage(app: string): Promise<number> {
    checkApp(app);
    return usage(this.#appDir(app));
  }

  #appDir(app: string): string {
    return path.join(this.dir, appFolderName(app));
  }

  #serial<T>(app: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(app) ?? Promise.resolve();
    const done = previous.then(task, task);
    const tail = done.catch(() => undefined);
    this.#queues.set(app, tail);
    void tail.then(() => {
      if (this.#queues.get(app) === tail) this.#queues.delete(app);
    });
    return done;
  }
}

/** True when `fileId` has the exact shape of the ids this store makes. */
function isFileId(fileId: unknown): fileId is string {
  return typeof fileId === 'string' && fileIdPattern.test(fileId);
}

function checkApp(app: unknown): asserts app is string {
  if (typeof app !== 'string' || app === '') throw new TypeError(`FileBlobStore: app must be a non-empty string, got ${typeof app === 'string' ? '""' : typeof app}`);
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return [];
    throw error;
  }
}

/** Sums the sizes of the app's files; removes temp files a crash left behind long ago. */
async function usage(dir: string): Promise<number> {
  let total = 0;
  const now = Date.now();
  for (const entry of await entries(dir)) {
    const isTemp = entry.startsWith(tempPrefix);
    if (!isTemp && !isFileId(entry)) continue;
    try {
      const info = await stat(path.join(dir, entry));
      if (isTemp) {
        if (now - info.mtimeMs > staleTempMs) await unlinkIfThere(path.join(dir, entry));
      } else {
        total += info.size;
      }
    } catch (error) {
      if (!isCode(error, 'ENOENT')) throw error;
    }
  }
  return total;
}

async function readSidecar(file: string): Promise<Sidecar> {
  const sidecarFile = `${file}.json`;
  let text: string;
  try {
    text = await readFile(sidecarFile, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return {};
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

async function unlinkIfThere(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
  }
}
