import { statSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runChild, tempDir, useUmask } from '@xcap/test-support';
import { consentNoncePath, SqliteConsentNonceStore } from '../src/index.js';

// The ConsentNonceStore contract is the `consent nonces` section of runStoreConformance (store-conformance.test.ts);
// these are the file's own rules.
const nonce = (i: number) => `nonce-${String(i).padStart(16, '0')}`;

describe('SqliteConsentNonceStore', () => {
  it('of three processes claiming the same 150 nonces at once, exactly one wins each', async () => {
    const file = consentNoncePath(tempDir());
    const child = new URL('./children/nonce-claimer.ts', import.meta.url);
    const ends = await Promise.all([0, 1, 2].map(() => runChild(child, [file, '150'])));
    for (const end of ends) expect([end.code, end.stderr]).toEqual([0, '']);
    const wins = ends.flatMap((end) => end.stdout.split('\n').filter((line) => line !== ''));
    expect(wins).toHaveLength(150);
    expect(new Set(wins).size).toBe(150);
    const store = new SqliteConsentNonceStore(file);
    expect(await store.claim(nonce(149), Date.now() + 60_000)).toBe(false);
    store.close();
  }, 60_000);

  it('a claim outlives the process: the nonce is still claimed when the file is opened again', async () => {
    const file = consentNoncePath(tempDir());
    const first = new SqliteConsentNonceStore(file);
    expect(await first.claim(nonce(1), Date.now() + 60_000)).toBe(true);
    first.close();
    const again = new SqliteConsentNonceStore(file);
    expect(await again.claim(nonce(1), Date.now() + 60_000)).toBe(false);
    again.close();
  });

  describe('with umask 000', () => {
    useUmask(0o000);
    it('the file is created private (0600)', () => {
      const dir = tempDir();
      const store = new SqliteConsentNonceStore(path.join(dir, 'consent-nonces.sqlite'));
      store.close();
      expect(statSync(path.join(dir, 'consent-nonces.sqlite')).mode & 0o777).toBe(0o600);
    });
  });

  it('a file of a newer schema version is refused, naming it', () => {
    const file = path.join(tempDir(), 'consent-nonces.sqlite');
    const db = new Sqlite(file);
    db.pragma('user_version = 2');
    db.close();
    expect(() => new SqliteConsentNonceStore(file)).toThrow(`SqliteConsentNonceStore: ${file} has schema version 2; this version of xcap reads up to 1`);
  });
});
