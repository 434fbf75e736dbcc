import { randomBytes } from 'node:crypto';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Options of `writeFileAtomic`. */
export interface AtomicWriteOptions {
  /** Permission bits of a new file (default `0o600`: a host's data is private). */
  readonly mode?: number;
  /**
   * Runs after the temp file is complete and synced, just before it is
   * renamed into place; a throw here abandons the write (the old file stays).
   */
  readonly beforeRename?: () => void | Promise<void>;
}

/**
 * Writes `data` to a new temporary file beside `file` (named
 * `.tmp-<name>.<12 hex>`, so `removeTempFiles` can sweep what a killed
 * writer left), flushed to disk (fsync), and answers its path. The caller
 * renames or links it into place, or removes it.
 */
export async function writeTempFile(file: string, data: string | Uint8Array, mode = 0o600): Promise<string> {
  const temp = path.join(path.dirname(file), `${tempPrefix}${path.basename(file).slice(0, 100)}.${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return temp;
}

/**
 * Replaces `file` atomically: a flushed temporary file in the same folder
 * (`writeTempFile`), `beforeRename`, rename over `file`, fsync of the folder.
 * A reader sees the old bytes or the new ones, never a mix; a crash leaves at
 * most a temporary file behind.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const temp = await writeTempFile(file, data, options.mode ?? 0o600);
  let renamed = false;
  try {
    await options.beforeRename?.();
    await rename(temp, file);
    renamed = true;
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
  await syncDir(path.dirname(file));
}

/** The prefix of every temp file `writeFileAtomic` creates (stores skip such names when they list a folder). */
export const tempPrefix = '.tmp-';

/**
 * Removes the temp files `writeFileAtomic` left for `file` when a writer was
 * killed before its rename. Call it only while holding the lock that every
 * writer of `file` holds (no live writer has a temp file then).
 */
export async function removeTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${tempPrefix}${path.basename(file).slice(0, 100)}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && /^[0-9a-f]{12}$/.test(name.slice(prefix.length))) await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

/**
 * Fsyncs a folder so that a rename, create or unlink in it is on disk.
 * Platforms that cannot open a folder for syncing (Windows) are skipped.
 */
export async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch (error) {
    if (isCode(error, 'EISDIR', 'EPERM', 'EACCES')) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!isCode(error, 'EINVAL', 'EPERM', 'EBADF')) throw error;
  } finally {
    await handle.close();
  }
}

/** True when `error` is a Node system error with one of `codes`. */
export function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes(String((error as { code?: unknown }).code));
}
