import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A temporary file beside `path` holding `data`, flushed to disk (fsync)
 * and closed; its path. Removed again if writing fails.
 */
export async function writeTempFile(path: string, data: Uint8Array | string, mode = 0o644): Promise<string> {
  const temp = join(dirname(path), `.${basename(path).slice(0, 100)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return temp;
}

/** Flushes a directory's entries to disk (fsync of the folder); a platform that cannot is not an error. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // some platforms and file systems cannot fsync a folder; the rename is atomic all the same
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Replaces `path` with `data` atomically: a temporary file in the same
 * folder, fsync, rename over `path`, fsync of the folder. A reader sees the
 * old bytes or the new ones, never a half-written file, and a crash leaves
 * at most a stray `.tmp` file.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string, mode = 0o644): Promise<void> {
  const temp = await writeTempFile(path, data, mode);
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}
