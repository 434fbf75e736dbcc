import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * The bytes of one of the page's built assets at `path`, or `undefined`:
 * one `open` with `O_NOFOLLOW` (a symbolic link is never followed), then
 * `fstat` of that handle — only a regular file of at most `maxBytes` is
 * read, from that handle. The console's own files only; a host's files
 * (photos) are read by the host's `readPhoto`.
 */
export async function readAsset(path: string, maxBytes: number): Promise<Uint8Array | undefined> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const bytes = await handle.readFile();
    return bytes.length > maxBytes ? undefined : bytes;
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
