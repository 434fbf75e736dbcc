import path from 'node:path';

/** The consent nonce database's name in the data directory. */
export const consentNonceFileName = 'consent-nonces.sqlite';

/** The consent nonce database of a data directory: `<dataDir>/consent-nonces.sqlite` (absolute). */
export function consentNoncePath(dataDir: string): string {
  return path.resolve(dataDir, consentNonceFileName);
}
