import { closeSync, constants, fchmodSync, openSync } from 'node:fs';

/**
 * Creates `file` with mode 0600 when it does not exist (O_EXCL, then fchmod
 * past the umask), before SQLite opens it: SQLite creates the `-wal` and
 * `-shm` files with the database's mode, so all three are private. An
 * existing file is left as it is.
 */
export function createPrivateFile(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return;
    throw error;
  }
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}
