/** Why a lock file could not be held: another process kept it past the wait bound, or it was taken over while held. */
export class FileLockError extends Error {
  /** The lock file. */
  readonly lockFile: string;

  constructor(lockFile: string, message: string) {
    super(message);
    this.name = 'FileLockError';
    this.lockFile = lockFile;
  }
}
