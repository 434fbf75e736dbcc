import { afterEach } from 'vitest';
import type { PostgresStores } from '../../src/index.js';
import { dropSchema, openStores } from './open-stores.js';

/**
 * For a test file whose tests open stores of their own: returns `open` (as `openStores`, each call in a fresh schema)
 * and registers an `afterEach` that closes every store the test opened and drops its schema.
 */
export function useOpenedStores(): (options?: Parameters<typeof openStores>[0]) => Promise<PostgresStores> {
  let opened: PostgresStores[] = [];
  afterEach(async () => {
    for (const stores of opened) {
      await stores.close();
      await dropSchema(stores.database.names.schemaName);
    }
    opened = [];
  });
  return async (options = {}) => {
    const stores = await openStores(options);
    opened.push(stores);
    return stores;
  };
}
