import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { catalog } from '@xcap/catalog';
import { mimeTypeFor } from '@xcap/bridge';
import { acceptsFile } from './accepts-file.js';
import { FileRefusal, withUntrustedFile } from '@xcap/wire/node';

/** A file of a folder that fits an `accept` list, with the device and inode of what was looked at. */
export interface FolderFile {
  /** Its absolute path. */
  readonly path: string;
  /** Its name in the folder. */
  readonly name: string;
  /** Its size in bytes. */
  readonly size: number;
  /** Its modification time. */
  readonly mtimeMs: number;
  /** Its device, as `fstat` of the handle saw it. */
  readonly dev: number;
  /** Its inode, as `fstat` of the handle saw it. */
  readonly ino: number;
}

/**
 * The regular, non-hidden files at the top of `folder` (absolute) that fit
 * `accept` (`acceptsFile`, the catalog's type for the name, else sniffed)
 * and have at most `maxBytes`, most recently modified first (then by name).
 * Each file is looked at through one open handle (`withUntrustedFile`:
 * links are left out, nothing blocks).
 */
export async function folderFiles(folder: string, accept: readonly string[], maxBytes: number): Promise<FolderFile[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const fits: FolderFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    const seen = await withUntrustedFile(path, { maxBytes }, async (file) => ({ head: await file.read(0, 8), stats: file.stats }));
    if (seen instanceof FileRefusal || !acceptsFile(accept, entry.name, mimeTypeFor(catalog, { name: entry.name, bytes: seen.head }))) continue;
    fits.push({ path, name: entry.name, size: seen.stats.size, mtimeMs: seen.stats.mtimeMs, dev: seen.stats.dev, ino: seen.stats.ino });
  }
  fits.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return fits;
}
