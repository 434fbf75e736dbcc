import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RelayRefusedError } from './relay-refused-error.js';

/** The longest Unix socket path Linux takes, in bytes (`sun_path` without its NUL). */
const maxSocketPathBytes = 107;

/** The folder of a data directory where a running `xcap console` listens (`DIR/console/`, mode 0700). */
export function relayDir(dataDir: string): string {
  return join(dataDir, 'console');
}

/** The relay socket of a data directory's console (`DIR/console/console.sock`, mode 0600). */
export function relaySocketPath(dataDir: string): string {
  return join(relayDir(dataDir), 'console.sock');
}

/**
 * Why `path` may not carry the relay, or `undefined` when it may: it must be
 * what `kind` says (a directory, a socket), not a symbolic link, owned by
 * this process's user, with no group or other permission bits. A missing
 * path is `missing`.
 */
export async function relayPathProblem(path: string, kind: 'directory' | 'socket'): Promise<string | undefined> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : error));
  if (info === null) return 'missing';
  if (info instanceof Error) return `${path} cannot be read (${info.code ?? info.message})`;
  if (info.isSymbolicLink()) return `${path} is a symbolic link`;
  if (kind === 'directory' ? !info.isDirectory() : !info.isSocket()) return `${path} is not a ${kind}`;
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) return `${path} belongs to another user (uid ${info.uid})`;
  if ((info.mode & 0o077) !== 0) return `${path} may be used by others (mode ${(info.mode & 0o777).toString(8).padStart(4, '0')}; it must be 0700 or stricter)`;
  return undefined;
}

/**
 * Makes sure the relay folder of `dataDir` exists as only its owner may use
 * it (created 0700 when missing) and that its socket path fits a Unix
 * socket; answers the socket's path. Anything else throws one line.
 */
export async function prepareRelayDir(dataDir: string): Promise<string> {
  const dir = relayDir(dataDir);
  const socket = relaySocketPath(dataDir);
  if (Buffer.byteLength(socket) > maxSocketPathBytes)
    throw new RelayRefusedError(`the console's socket path ${socket} is longer than ${maxSocketPathBytes} bytes: use a data directory with a shorter path`);
  let problem = await relayPathProblem(dir, 'directory');
  if (problem === 'missing') {
    await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw new RelayRefusedError(`cannot make ${dir} (${error.code ?? error.message})`);
    });
    problem = await relayPathProblem(dir, 'directory');
  }
  if (problem !== undefined) throw new RelayRefusedError(`refusing to listen for xcap serve: ${problem}`);
  return socket;
}
