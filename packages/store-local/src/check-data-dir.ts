import { type Stats, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DataPaths } from './data-dir.js';
import { DataDirError } from './data-dir-error.js';
import { privateModeProblem } from './private-mode-problem.js';
import { readGrantFile } from './read-grant-file.js';

/**
 * Refuses a data directory someone else could tamper with, as ssh's
 * `StrictModes` does: throws a `DataDirError` naming the path, the problem
 * and the fix when the directory, any entry at its top level, or any entry
 * of `files/` is owned by another user (as root: not by uid 0) or writable
 * by its group or others, when one of those entries is a symbolic link (a
 * link where a store file should be), or when a store path is the wrong
 * kind of file. Then reads `consent.json` as the grant store would and
 * throws its `GrantFileError` (file and JSON pointer) when it does not
 * parse, so a host never serves with every grant forgotten. A directory
 * that does not exist yet passes (the stores create it, private). The
 * directory itself may be reached through a symbolic link; what is in it
 * may not. Synchronous, and cheap: one `lstat` per entry, no recursion
 * below `files/<app folder>/`.
 */
export function checkDataDir(paths: DataPaths): void {
  const dir = statSync(paths.dir, { throwIfNoEntry: false });
  if (dir === undefined) return;
  if (!dir.isDirectory()) throw new DataDirError(paths.dir, 'is not a directory', 'pass a directory as the data directory (--data)');
  checkPrivate(paths.dir, dir, true);
  const expected = new Map<string, 'file' | 'folder'>([
    [paths.consent, 'file'],
    [paths.notifications, 'file'],
    [paths.audit, 'file'],
    [paths.files, 'folder'],
  ]);
  for (const name of readdirSync(paths.dir)) {
    const entry = path.join(paths.dir, name);
    const info = checkEntry(entry, expected.get(entry));
    if (entry === paths.files && info.isDirectory()) {
      for (const inner of readdirSync(entry)) checkEntry(path.join(entry, inner), undefined);
    }
  }
  readGrantFile(paths.consent);
}

function checkEntry(entry: string, kind: 'file' | 'folder' | undefined): Stats {
  const info = lstatSync(entry);
  if (info.isSymbolicLink())
    throw new DataDirError(
      entry,
      'is a symbolic link, which xcap does not follow in its data directory',
      `replace it with what it points to, or remove it (rm ${entry})`,
    );
  if (kind === 'file' && !info.isFile()) throw new DataDirError(entry, 'is not a regular file', `move it away (xcap keeps a store file there)`);
  if (kind === 'folder' && !info.isDirectory()) throw new DataDirError(entry, 'is not a directory', `move it away (xcap keeps its app files there)`);
  if (!info.isFile() && !info.isDirectory()) throw new DataDirError(entry, 'is neither a regular file nor a directory', `move it out of the data directory`);
  checkPrivate(entry, info, info.isDirectory());
  return info;
}

function checkPrivate(entry: string, info: Stats, folder: boolean): void {
  const unsafe = privateModeProblem(entry, info, folder);
  if (unsafe !== undefined) throw new DataDirError(entry, unsafe.problem, unsafe.fix);
}
