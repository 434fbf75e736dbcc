/** What `privateModeProblem` looks at: the owner and mode of a `stat` answer. */
export interface OwnerAndMode {
  /** The owner's uid. */
  readonly uid: number | bigint;
  /** The mode bits (type and permissions). */
  readonly mode: number | bigint;
}

/** A problem `privateModeProblem` found: what is wrong and the command that fixes it. */
export interface PrivateModeProblem {
  /** What is wrong, e.g. `is writable by others (mode 0777)`. */
  readonly problem: string;
  /** The fix, e.g. `run chmod 700 /x/data`. */
  readonly fix: string;
}

/**
 * Why `path` (a file, or a folder when `folder`) is not private to the
 * current user, or `undefined` when it is: it must be owned by the current
 * uid (as root, uid 0) and writable by neither its group nor others; a
 * `secret` file (one holding a password) must not be readable by them
 * either (mode 0600 or tighter). Always `undefined` where there are no
 * uids (Windows).
 */
export function privateModeProblem(path: string, info: OwnerAndMode, folder: boolean, secret = false): PrivateModeProblem | undefined {
  const me = process.getuid?.();
  if (me === undefined) return undefined;
  const uid = Number(info.uid);
  const mode = Number(info.mode) & 0o7777;
  if (uid !== me)
    return {
      problem: `is owned by uid ${uid}, not by you (uid ${me})`,
      fix: `run chown ${me} ${path}, or use a ${secret ? 'file' : 'data directory'} of your own`,
    };
  const octal = mode.toString(8).padStart(4, '0');
  const tight = folder ? '700' : '600';
  if ((mode & 0o002) !== 0) return { problem: `is writable by others (mode ${octal})`, fix: `run chmod ${tight} ${path}` };
  if ((mode & 0o020) !== 0) return { problem: `is writable by its group (mode ${octal})`, fix: `run chmod ${tight} ${path}` };
  if (secret && (mode & 0o077) !== 0)
    return { problem: `is readable by ${(mode & 0o007) !== 0 ? 'others' : 'its group'} (mode ${octal})`, fix: `run chmod ${tight} ${path}` };
  return undefined;
}
