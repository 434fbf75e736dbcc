import { connectSocketRelay } from '@xcap/console';
import type { PostgresStores } from '@xcap/store-postgres';
import type { RunningConsole } from './open-serve-answerer.js';

/** Where `findRunningConsole` looks. */
export interface FindRunningConsoleOptions {
  /** The data directory (`--data`): its `console/console.sock`. */
  readonly dataDir: string;
  /** The PostgreSQL stores (`--store`): the database is the relay then. */
  readonly shared?: PostgresStores;
  /** Where the relay's lines go. */
  readonly log: (line: string) => void;
}

/**
 * The `xcap console` running for this host, or `undefined`: over
 * PostgreSQL the console whose presence row is fresh in the database
 * (`shared.consoleRelay()`); on a data directory the one listening on
 * `DIR/console/console.sock` (`connectSocketRelay`: the folder and socket
 * only ours).
 */
export async function findRunningConsole(options: FindRunningConsoleOptions): Promise<RunningConsole | undefined> {
  if (options.shared !== undefined) {
    const { connectPostgresConsoleRelay } = await import('./postgres-console-relay.js');
    return connectPostgresConsoleRelay(options.shared, options.log);
  }
  return connectSocketRelay({ dataDir: options.dataDir, log: options.log });
}
