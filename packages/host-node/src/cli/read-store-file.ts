import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { privateModeProblem } from '@xcap/store-local';
import { terminalText } from '../terminal-text.js';
import { CliFailure } from './cli-failure.js';

/** The largest store file read, in bytes (a connection string is far shorter). */
const maxStoreFileBytes = 64 * 1024;

/**
 * The connection string held in the file `file` (`--store-file`), white
 * space around it trimmed. The file is opened once, and what is checked is
 * that open handle (no race with a rename between check and read): it must
 * be a regular file of at most 64 KiB, owned by you and readable or
 * writable by no one else (mode 0600), as ssh asks of a private key.
 * Anything else is a `CliFailure` (exit 2) naming the path and the fix.
 */
export function readStoreFile(file: string, flag: string): string {
  const where = `${flag} ${terminalText(file)}`;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    throw new CliFailure(`${where}: cannot be opened (${(error as { code?: unknown }).code === 'ENOENT' ? 'no such file' : String(error)})`);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new CliFailure(`${where}: is not a regular file`);
    const unsafe = privateModeProblem(file, info, false, true);
    if (unsafe !== undefined) throw new CliFailure(`${where}: ${unsafe.problem}, and it holds the database password; ${terminalText(unsafe.fix)}`);
    if (info.size > maxStoreFileBytes) throw new CliFailure(`${where}: is ${info.size} bytes, more than a connection string (at most ${maxStoreFileBytes})`);
    const url = readFileSync(fd, 'utf8').trim();
    if (url === '') throw new CliFailure(`${where}: is empty (write the connection string in it, postgres://user:password@host:5432/db)`);
    return url;
  } finally {
    closeSync(fd);
  }
}
