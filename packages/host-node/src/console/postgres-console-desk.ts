import type { ConsoleRequests } from '@xcap/console';

/** What `startPostgresConsoleDesk` takes. */
export interface PostgresConsoleDeskOptions {
  /** The console's registry. */
  readonly requests: ConsoleRequests;
  /** The console's address (no secret). */
  readonly url: string;
  /** Where lines go. */
  readonly log: (line: string) => void;
  /** Tells the console's pages that grants changed. */
  readonly grantsChanged: () => void;
}

/** The console's side of the PostgreSQL relay (not yet: the console serves the database's grants, tokens and audit only). */
export function startPostgresConsoleDesk(_url: string, _options: PostgresConsoleDeskOptions): Promise<{ close(): Promise<void> }> {
  return Promise.resolve({ close: () => Promise.resolve() });
}
