import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * The absolute path of the executable `cmd` as a shell would find it on
 * `env.PATH` (the first directory holding a regular file of that name that
 * this process may execute), or `undefined` when there is none. A `cmd`
 * holding a `/` is not searched: it is answered as given when it is an
 * executable file. Empty and relative `PATH` entries are skipped (a
 * command is never found in the current directory by accident).
 */
export function findOnPath(cmd: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (cmd === '' || cmd.includes('\0')) return undefined;
  if (cmd.includes('/')) return isExecutableFile(cmd) ? cmd : undefined;
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    const candidate = join(dir, cmd);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
