import path from 'node:path';

/** The token file's name in the data directory. */
export const tokenFileName = 'tokens.json';

/** The token file of a data directory: `<dataDir>/tokens.json` (absolute). */
export function tokenFilePath(dataDir: string): string {
  return path.resolve(dataDir, tokenFileName);
}
