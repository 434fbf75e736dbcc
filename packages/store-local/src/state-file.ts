import { type BigIntStats, closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isCode, removeTempFiles } from './atomic-write.js';
import { type FileLockOptions, withFileLock } from './file-lock.js';
import { privateModeProblem } from './private-mode-problem.js';

/** Builds the error a state file's owner throws for `problem` (e.g. `is a symbolic link, …`), naming the file its own way. */
export type StateFileFailure = (problem: string) => Error;

/** A host state file as read: its identity (device, inode, size, times) and its text. */
export interface StateFileText {
  /** Changes whenever the file is replaced or written (compare it with `stateFileKey`). */
  readonly key: string;
  /** The file's text (UTF-8). */
  readonly text: string;
}

const symlinkProblem = 'is a symbolic link, which xcap does not follow: replace it with the file it points to';

/**
 * The identity of a host state file (`consent.json`, `tokens.json`,
 * `notifications.json`) without reading it — one `lstat` — or `undefined`
 * when there is none. A symbolic link or anything but a regular file is
 * `fail`'s error.
 */
export function stateFileKey(file: string, fail: StateFileFailure): string | undefined {
  const info = lstatSync(file, { bigint: true, throwIfNoEntry: false });
  if (info === undefined) return undefined;
  checkKind(info, fail);
  return keyOf(info);
}

/**
 * Reads a host state file the one safe way, or answers `undefined` when
 * there is none: one `open` with `O_NOFOLLOW | O_NONBLOCK` (a symbolic link
 * is refused, a FIFO never blocks), then the open handle is checked — a
 * regular file, owned by the current user and writable by no one else
 * (`privateModeProblem`) — and read. Every problem is `fail`'s error.
 */
export function readStateFile(file: string, fail: StateFileFailure): StateFileText | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | ((constants.O_NOFOLLOW as number | undefined) ?? 0) | ((constants.O_NONBLOCK as number | undefined) ?? 0));
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return undefined;
    if (isCode(error, 'ELOOP')) throw fail(symlinkProblem);
    throw fail(`cannot be read (${(error as Error).message})`);
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    checkKind(info, fail);
    const unsafe = privateModeProblem(file, info, false);
    if (unsafe !== undefined) throw fail(`${unsafe.problem}: ${unsafe.fix}`);
    return { key: keyOf(info), text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

function checkKind(info: BigIntStats, fail: StateFileFailure): void {
  if (info.isSymbolicLink()) throw fail(symlinkProblem);
  if (!info.isFile()) throw fail('is not a regular file');
}

function keyOf(info: BigIntStats): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}

/**
 * The start of every read-modify-write of a host state file: creates its
 * folder (0700), takes its lock (`<file>.lock`, `withFileLock`), sweeps the
 * temp files a killed writer left beside it, then runs `body` with the
 * lock's `stillHeld` check (pass it to `writeFileAtomic` as `beforeRename`).
 */
export async function withStateFileLock<T>(file: string, lockOptions: FileLockOptions, body: (stillHeld: () => Promise<void>) => Promise<T>): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return withFileLock(
    `${file}.lock`,
    async (stillHeld) => {
      await removeTempFiles(file);
      return body(stillHeld);
    },
    lockOptions,
  );
}
