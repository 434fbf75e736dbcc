import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPostgresStores, maskConnectionString, PostgresStoreError } from '../src/index.js';
import { freePort } from '@xcap/test-support';
import { dropSchema, freshSchema, serverUrl } from './support/open-stores.js';

const secret = 'S3cr3t-p@ss/word';
const encoded = encodeURIComponent(secret);

describe('maskConnectionString', () => {
  it.each([
    [`postgres://ann:${encoded}@db.example:5432/xcap`, 'postgres://ann:***@db.example:5432/xcap'],
    [`postgresql://ann:${encoded}@db.example/xcap?sslmode=require`, 'postgresql://ann:***@db.example/xcap?sslmode=require'],
    ['postgres://ann:p:w@db/x', 'postgres://ann:***@db/x'],
    ['postgres://ann@db/x?password=hunter2&sslmode=require', 'postgres://ann@db/x?password=***&sslmode=require'],
    ['postgres://db/x?sslpassword=k3y', 'postgres://db/x?sslpassword=***'],
    ["host=db user=ann password='it\\'s secret' dbname=x", 'host=db user=ann password=*** dbname=x'],
    ['host=db password=hunter2', 'host=db password=***'],
    ['postgres://ann@db:5432/x', 'postgres://ann@db:5432/x'],
    ['postgres://db:5432?sslmode=require', 'postgres://db:5432?sslmode=require'],
    ['postgres://[::1]:5432/x', 'postgres://[::1]:5432/x'],
    ['postgres://ann:pa?ss@db/x', 'postgres://ann:***@db/x'],
    ['ann:secret@db/x', 'ann:***@db/x'],
    ['postgres://ann@db/x?password=a#b', 'postgres://ann@db/x?password=***'],
  ])('%s → %s', (input, masked) => {
    expect(maskConnectionString(input)).toBe(masked);
  });
});

describe('the password never appears in an error', () => {
  it('connection refused at start: one line naming the masked URL, no password anywhere in the error', async () => {
    const port = await freePort();
    const url = `postgres://ann:${encoded}@127.0.0.1:${port}/xcap`;
    const error = await createPostgresStores(url, { connectTimeoutMs: 2000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PostgresStoreError);
    const message = (error as Error).message;
    expect(message).toBe(`postgres://ann:***@127.0.0.1:${port}/xcap: could not connect: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(message.split('\n')).toHaveLength(1);
    const everything = inspect(error, { depth: 10, showHidden: true });
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(encoded);
  });

  it('a malformed connection string is refused without echoing its password', async () => {
    const error = await createPostgresStores(`postgres://ann:${encoded}@[bad-host/xcap`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostgresStoreError);
    const everything = inspect(error, { depth: 10, showHidden: true });
    expect(everything).not.toContain(encoded);
    expect(everything).not.toContain(secret);
  });

  it('a failing statement names the masked URL only', async () => {
    const url = serverUrl().replace('://xcap@', `://xcap:${encoded}@`);
    const schema = freshSchema();
    const stores = await createPostgresStores(url, { schema });
    try {
      await stores.database.pool.query(`DROP TABLE "${schema}".xcap_grants`);
      const error = await stores.grants.get('app', 'photos.read').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PostgresStoreError);
      expect((error as Error).message).toMatch(
        /^postgres:\/\/xcap:\*\*\*@127\.0\.0\.1:\d+\/postgres: could not read a grant: relation ".*xcap_grants" does not exist$/,
      );
      expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(encoded);
    } finally {
      await stores.close();
      await dropSchema(schema);
    }
  });
});
