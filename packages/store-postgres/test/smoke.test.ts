import { afterAll, expect, it } from 'vitest';
import { dropSchema, openStores } from './support/open-stores.js';

const schemas: string[] = [];
afterAll(async () => { for (const s of schemas) await dropSchema(s); });

it('smoke', async () => {
  const stores = await openStores();
  schemas.push(stores.database.names.schemaName);
  await stores.grants.set('a', 'photos.read', 'granted');
  expect(await stores.grants.get('a', 'photos.read')).toBe('granted');
  const id = await stores.blobs.put('a', 'x.txt', 'text/plain', new Uint8Array([1, 2, 3]));
  expect((await stores.blobs.get('a', id))?.bytes).toEqual(new Uint8Array([1, 2, 3]));
  await Promise.all(Array.from({ length: 50 }, (_, i) => stores.audit.write({ appId: 'a', clientId: 'ui', tool: `t${i}`, status: 'ok', error: null, argsHash: 'sha256:0' }, { at: new Date().toISOString(), durationMs: 1 })));
  expect(await stores.audit.count()).toBe(50);
  expect(stores.audit.commits).toBe(1);
  const token = await stores.tokens.add('ci');
  expect(await stores.tokens.verify(token)).toEqual({ name: 'ci' });
  await stores.close();
});
