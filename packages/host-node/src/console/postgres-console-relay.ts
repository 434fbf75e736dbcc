import type { PostgresStores } from '@xcap/store-postgres';
import type { RunningConsole } from './open-serve-answerer.js';

/** The console running on the database of `stores`, or `undefined` when none runs. */
export function connectPostgresConsoleRelay(_stores: PostgresStores, _log: (line: string) => void): Promise<RunningConsole | undefined> {
  return Promise.resolve(undefined);
}
