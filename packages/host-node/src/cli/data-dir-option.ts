import { dataPaths, defaultDataDir, type DataPaths } from '../stores/data-dir.js';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';

/** The data directory's paths from a command's `--data` (or the default one). */
export function dataDirOption(options: Record<string, unknown>, io: CliIo): DataPaths {
  const data = options.data;
  if (data !== undefined && (typeof data !== 'string' || data === '')) throw new CliFailure('--data: not a directory path');
  try {
    return dataPaths(typeof data === 'string' ? data : defaultDataDir(io.env));
  } catch (error) {
    throw new CliFailure(`--data: ${(error as Error).message}`);
  }
}
