import { randomBytes } from 'node:crypto';
import type { PostgresDatabase } from './postgres-database.js';

/** Bytes of a shared key: 32 (256 bits) from the OS's CSPRNG. */
export const sharedKeyBytes = 32;

/**
 * The key named `name` that every host on the database shares: the first
 * host to ask creates it (32 random bytes; two hosts asking at once end
 * with one key, `INSERT … ON CONFLICT DO NOTHING`), every later ask reads
 * it. For what must verify on any host what another host signed, such as
 * the HMAC key of the modern era's consent `requestState` (so a load
 * balancer needs no sticky sessions).
 */
export async function sharedKey(db: PostgresDatabase, name: string): Promise<Uint8Array> {
  if (typeof name !== 'string' || name === '') throw new TypeError('sharedKey: name must be a non-empty string');
  const n = db.names;
  await db.query('create a shared key', `INSERT INTO ${n.secrets} (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    randomBytes(sharedKeyBytes),
  ]);
  const result = await db.query<{ value: Buffer }>('read a shared key', `SELECT value FROM ${n.secrets} WHERE name = $1`, [name]);
  const value = result.rows[0]?.value;
  if (value === undefined) throw db.error('read a shared key', new Error(`no key named ${JSON.stringify(name)} after creating it`));
  return new Uint8Array(value);
}
