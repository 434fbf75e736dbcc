import { GrantFileError } from './grant-file-error.js';
import { type GrantFile, parseGrantFile } from './parse-grant-file.js';
import { readStateFile, stateFileKey, type StateFileFailure } from './state-file.js';

/** A grant file as read: its identity (inode, size, times) and its grants. */
export interface GrantFileSnapshot {
  /** Changes whenever the file is replaced or written. */
  readonly key: string;
  /** The grants in it. */
  readonly grants: GrantFile;
}

/**
 * The identity of the grant file without reading it (one `lstat`), or
 * `undefined` when there is none. A symbolic link or anything but a regular
 * file is a `GrantFileError`.
 */
export function grantFileKey(file: string): string | undefined {
  return stateFileKey(file, grantFileFailure(file));
}

/**
 * Reads and parses the grant file, or `undefined` when there is none. It is
 * read as every host state file is (`readStateFile`): opened without
 * following a symbolic link (`O_NOFOLLOW`) nor blocking on a FIFO, and the
 * open handle is checked: a regular file, owned by the current user and
 * writable by no one else. Anything else, like a file that does not parse,
 * is a `GrantFileError` naming the file.
 */
export function readGrantFile(file: string): GrantFileSnapshot | undefined {
  const read = readStateFile(file, grantFileFailure(file));
  return read === undefined ? undefined : { key: read.key, grants: parseGrantFile(file, read.text) };
}

function grantFileFailure(file: string): StateFileFailure {
  return (problem) => new GrantFileError(file, '', problem);
}
