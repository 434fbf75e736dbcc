import { askRelayed, readHostMessage, relayLimits, type ConsoleRequests } from '@xcap/console';
import { ConsoleRunningError, createPostgresStores, openConsoleDesk } from '@xcap/store-postgres';
import { RelayRefusedError } from '@xcap/console';

/** What `startPostgresConsoleDesk` takes. */
export interface PostgresConsoleDeskOptions {
  /** The console's registry. */
  readonly requests: ConsoleRequests;
  /** The console's address (no secret), for hosts to print. */
  readonly url: string;
  /** Where lines go. */
  readonly log: (line: string) => void;
  /** Tells the console's pages that grants changed. */
  readonly grantsChanged: () => void;
}

/**
 * The console's side of the PostgreSQL relay (`xcap console --store
 * postgres://…`): its presence in the database (a second console while
 * this one is fresh is a `RelayRefusedError`), and every request a host
 * writes put into `requests` (`askRelayed`, without photo files: a host
 * may be on another machine), at most `relayLimits.maxOpenPerConnection`
 * per host; a row that does not read is ended unanswered with one line.
 * Closing ends the open requests unanswered.
 */
export async function startPostgresConsoleDesk(storeUrl: string, options: PostgresConsoleDeskOptions): Promise<{ close(): Promise<void> }> {
  const stores = await createPostgresStores(storeUrl, { poolSize: 3 });
  const open = new Map<string, { readonly host: string; readonly end: AbortController; readonly detach: AbortController }>();
  const perHost = (host: string) => [...open.values()].filter((entry) => entry.host === host).length;
  const holder: { desk?: Awaited<ReturnType<typeof openConsoleDesk>> } = {};
  const answer = (host: string, id: number, value: unknown) =>
    void holder.desk?.answer(host, id, value).catch((error: unknown) => options.log(`xcap console: answering a request: ${(error as Error).message}`));
  let desk;
  try {
    desk = await openConsoleDesk(stores.database, {
      url: options.url,
      log: options.log,
      onGrants: options.grantsChanged,
      onEnd: (host, id) => open.get(`${host} ${id}`)?.end.abort(),
      onDetach: (host, id) => open.get(`${host} ${id}`)?.detach.abort(),
      onRequest: ({ host, id, body }) => {
        const message = readHostMessage(body);
        if (typeof message === 'string' || message.t !== 'ask') {
          options.log(`xcap console: a request of xcap serve does not read (${typeof message === 'string' ? message : message.t}); it ends unanswered`);
          return answer(host, id, undefined);
        }
        if (perHost(host) >= relayLimits.maxOpenPerConnection) return answer(host, id, undefined);
        const key = `${host} ${id}`;
        const entry = { host, end: new AbortController(), detach: new AbortController() };
        open.set(key, entry);
        void askRelayed(options.requests, message, { signal: entry.end.signal, detached: entry.detach.signal, withFiles: false }).then((ended) => {
          open.delete(key);
          if (!entry.end.signal.aborted) answer(host, id, ended?.answer);
        });
      },
    });
  } catch (error) {
    await stores.close();
    if (error instanceof ConsoleRunningError) throw new RelayRefusedError(error.message);
    throw error;
  }
  holder.desk = desk;
  options.log('xcap console: answering the requests of every xcap serve on this database (photos are offered by name, without thumbnails)');
  const started = desk;
  return {
    close: async () => {
      for (const entry of [...open.values()]) entry.end.abort();
      await started.close();
      await stores.close();
    },
  };
}
