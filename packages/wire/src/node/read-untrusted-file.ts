import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { errorText } from './error-text.js';

/** Why a file the host did not write was not read. */
export type FileRefusalReason = 'notFound' | 'unreadable' | 'tooLarge';

/**
 * A file the host did not write that was refused: `reason` is the isError
 * word, `why` the rest of the message after the file's name (`is a symbolic
 * link`, `is not a regular file (a FIFO)`, `has 70 bytes, at most 64 are
 * read`, `(EACCES)`).
 */
export class FileRefusal {
  /** The isError word: `notFound`, `unreadable` or `tooLarge`. */
  readonly reason: FileRefusalReason;
  /** The rest of the message after the file's name. */
  readonly why: string;

  /** A refusal for `reason`, explained by `why`. */
  constructor(reason: FileRefusalReason, why: string) {
    this.reason = reason;
    this.why = why;
  }

  /** The isError text naming the file: `<reason>: <name> <why>`. */
  message(name: string): string {
    return `${this.reason}: ${name} ${this.why}`;
  }
}

/** An open file the host did not write, as `withUntrustedFile` hands it over. */
export interface UntrustedFile {
  /** What `fstat` says of the open handle (a regular file of at most `maxBytes`). */
  readonly stats: Stats;
  /** Up to `length` bytes at `position` of the open handle (fewer at the end of the file). */
  read(position: number, length: number): Promise<Buffer>;
  /** The whole file from the open handle, or a `tooLarge` refusal when more than `maxBytes` arrive (it grew since `fstat`). */
  readAll(): Promise<Buffer | FileRefusal>;
}

const openFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const openFlagsFollowingLinks = constants.O_RDONLY | constants.O_NONBLOCK;

/** How `withUntrustedFile` and `readUntrustedFile` read. */
export interface UntrustedFileOptions {
  /** The most bytes kept; a larger file is a `tooLarge` refusal. */
  readonly maxBytes: number;
  /** Open through a symbolic link in the last component (a path a person typed, e.g. `--manifest`); default `false`: a link is refused. */
  readonly followLinks?: boolean;
}

/**
 * Opens `path` the one safe way for a file the host did not write (a user
 * folder's file, a picker's choice) and hands the open handle to `use`:
 * one `open` with `O_NOFOLLOW | O_NONBLOCK` (a symbolic link is refused,
 * never followed; a FIFO never blocks), then `fstat` of that handle (only a
 * regular file of at most `maxBytes` is kept), then only reads from that
 * handle, which is closed afterwards. The path is never looked up twice, so
 * a file swapped in meanwhile is never what is read. Answers `use`'s answer
 * or a `FileRefusal` (`notFound` for a missing file, `unreadable` for a
 * link, a non-regular file or an error, `tooLarge`); it never throws for
 * the file's sake.
 */
export async function withUntrustedFile<T>(
  path: string | Buffer,
  options: UntrustedFileOptions,
  use: (file: UntrustedFile) => Promise<T>,
): Promise<T | FileRefusal> {
  let handle: FileHandle;
  try {
    handle = await open(path, options.followLinks === true ? openFlagsFollowingLinks : openFlags);
  } catch (error) {
    return openRefusal(error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return new FileRefusal('unreadable', `is not a regular file (${kindOf(stats)})`);
    if (stats.size > options.maxBytes) return new FileRefusal('tooLarge', `has ${stats.size} bytes, at most ${options.maxBytes} are read`);
    return await use({
      stats,
      read: (position, length) => readAt(handle, position, length),
      readAll: () => readBounded(handle, stats.size, options.maxBytes),
    });
  } catch (error) {
    return new FileRefusal('unreadable', `(${errorText(error)})`);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * The bytes of `path` and what `fstat` said of them, read as
 * `withUntrustedFile` reads (never more than `maxBytes` + 1 bytes), or a
 * `FileRefusal`.
 */
export async function readUntrustedFile(
  path: string | Buffer,
  options: UntrustedFileOptions,
): Promise<{ readonly bytes: Buffer; readonly stats: Stats } | FileRefusal> {
  return withUntrustedFile(path, options, async (file) => {
    const bytes = await file.readAll();
    return bytes instanceof FileRefusal ? bytes : { bytes, stats: file.stats };
  });
}

function openRefusal(error: unknown): FileRefusal {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new FileRefusal('notFound', `(${code})`);
  if (code === 'ELOOP') return new FileRefusal('unreadable', 'is a symbolic link');
  if (code === 'ENXIO') return new FileRefusal('unreadable', 'is not a regular file (a socket or a device)');
  return new FileRefusal('unreadable', `(${errorText(error)})`);
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Reads to the end of the file but never more than `maxBytes` + 1 bytes: the extra byte tells a file that grew past the limit. */
async function readBounded(handle: FileHandle, size: number, maxBytes: number): Promise<Buffer | FileRefusal> {
  let buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      if (filled > maxBytes) return new FileRefusal('tooLarge', `grew past ${maxBytes} bytes while it was read`);
      const bigger = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(bigger, 0, 0, filled);
      buffer = bigger;
    }
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) return buffer.subarray(0, filled);
    filled += bytesRead;
  }
}
