import { statSync } from 'node:fs';
import { checkDataDir, dataPaths, type DataPaths, defaultDataDir } from '@xcap/store-local';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';

/**
 * The data directory's paths from a command's `--data` (or the default one).
 * A path that exists but is not a directory is a `CliFailure`; a missing one
 * is fine (the stores create it when they write). An existing one must pass
 * `checkDataDir` (private to this user, a `consent.json` that parses).
 */
export function dataDirOption(options: Record<string, unknown>, io: CliIo): DataPaths {
  const data = options.data;
  if (data !== undefined && (typeof data !== 'string' || data === '')) throw new CliFailure('--data: not a directory path');
  let paths: DataPaths;
  try {
    paths = dataPaths(typeof data === 'string' ? data : defaultDataDir(io.env));
  } catch (error) {
    throw new CliFailure(`--data: ${(error as Error).message}`);
  }
  const info = statSync(paths.dir, { throwIfNoEntry: false });
  if (info !== undefined && !info.isDirectory()) throw new CliFailure(`--data ${paths.dir}: not a directory`);
  checkDataDir(paths);
  return paths;
}
