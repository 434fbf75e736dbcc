import os from 'node:os';
import path from 'node:path';

/**
 * The data directory a host uses when none is given (`--data`):
 * `$XDG_DATA_HOME/xcap` when that variable holds an absolute path (the XDG
 * base directory spec ignores relative ones), else `~/.local/share/xcap`.
 */
export function defaultDataDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const xdg = env['XDG_DATA_HOME'];
  if (xdg !== undefined && path.isAbsolute(xdg)) return path.join(xdg, 'xcap');
  const home = env['HOME'] !== undefined && path.isAbsolute(env['HOME']) ? env['HOME'] : os.homedir();
  return path.join(home, '.local', 'share', 'xcap');
}

/** Where each store of a host lives inside its data directory (see `dataPaths`). */
export interface DataPaths {
  /** The data directory itself (absolute). */
  readonly dir: string;
  /** The grant file (`consent.json`, the spec's vocabulary). */
  readonly consent: string;
  /** The app files' folder (one sub-folder per app). */
  readonly files: string;
  /** The SQLite audit log. */
  readonly audit: string;
  /** Scheduled (`at`) notifications, re-armed on restart. */
  readonly notifications: string;
}

/** The paths of every store inside `dataDir` (resolved to absolute paths; nothing is created). */
export function dataPaths(dataDir: string): DataPaths {
  if (typeof dataDir !== 'string' || dataDir === '') throw new TypeError('dataPaths: the data directory must be a non-empty string');
  if (dataDir.includes('\0')) throw new TypeError('dataPaths: the data directory must not contain a NUL character');
  const dir = path.resolve(dataDir);
  return {
    dir,
    consent: path.join(dir, 'consent.json'),
    files: path.join(dir, 'files'),
    audit: path.join(dir, 'audit.sqlite'),
    notifications: path.join(dir, 'notifications.json'),
  };
}
