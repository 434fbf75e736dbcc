import { type BigIntStats, closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import { isCode } from '../atomic-write.js';
import { GrantFileError } from './grant-file-error.js';
import { type GrantFile, parseGrantFile } from './parse-grant-file.js';
import { privateModeProblem } from './private-mode-problem.js';

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
  const info = lstatSync(file, { bigint: true, throwIfNoEntry: false });
  if (info === undefined) return undefined;
  checkKind(file, info);
  return keyOf(info);
}

/**
 * Reads and parses the grant file, or `undefined` when there is none. It is
 * opened without following a symbolic link (`O_NOFOLLOW`) nor blocking on a
 * FIFO, and the open handle is checked: a regular file, owned by the current
 * user and writable by no one else. Anything else, like a file that does not
 * parse, is a `GrantFileError` naming the file.
 */
export function readGrantFile(file: string): GrantFileSnapshot | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    if (isCode(error, 'ELOOP')) throw symlinkError(file);
    throw error;
  }
  let info: BigIntStats;
  let text: string;
  try {
    info = fstatSync(fd, { bigint: true });
    checkKind(file, info);
    const unsafe = privateModeProblem(file, info, false);
    if (unsafe !== undefined) throw new GrantFileError(file, '', `${unsafe.problem}: ${unsafe.fix}`);
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  return { key: keyOf(info), grants: parseGrantFile(file, text) };
}

function checkKind(file: string, info: BigIntStats): void {
  if (info.isSymbolicLink()) throw symlinkError(file);
  if (!info.isFile()) throw new GrantFileError(file, '', 'is not a regular file');
}

function symlinkError(file: string): GrantFileError {
  return new GrantFileError(file, '', 'is a symbolic link, which xcap does not follow: replace it with the file it points to');
}

function keyOf(info: BigIntStats): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}
