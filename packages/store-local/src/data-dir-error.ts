/**
 * A data directory (or something in it) that a host refuses to use: it is
 * writable by others, owned by another user, a symbolic link, or not the
 * kind of file it should be. Like ssh's `StrictModes`, the message names the
 * path, the problem and the fix, e.g.
 * `/x/data is writable by others (mode 0777): run chmod 700 /x/data`.
 */
export class DataDirError extends Error {
  /** The offending path. */
  readonly path: string;
  /** What is wrong with it. */
  readonly problem: string;
  /** What to do about it. */
  readonly fix: string;

  constructor(path: string, problem: string, fix: string) {
    super(`${path} ${problem}: ${fix}`);
    this.name = 'DataDirError';
    this.path = path;
    this.problem = problem;
    this.fix = fix;
  }
}
