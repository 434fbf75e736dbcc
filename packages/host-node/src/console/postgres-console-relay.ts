import { readConsoleMessage, RelayAsker } from '@xcap/console';
import { findConsole, openConsoleHost, type PostgresStores } from '@xcap/store-postgres';
import type { RunningConsole } from './open-serve-answerer.js';

/**
 * The console running on the database of `stores` (its presence row is
 * fresh), as a `RunningConsole`, or `undefined` when none runs. Requests
 * cross as rows (`openConsoleHost`); photo paths do not (the console may
 * be on another machine: it offers the photos by name, without
 * thumbnails). When the console goes stale the open requests end with
 * their fallback (one line) and later ones at once, until a console is
 * fresh again (one line).
 */
export async function connectPostgresConsoleRelay(stores: PostgresStores, log: (line: string) => void): Promise<RunningConsole | undefined> {
  const found = await findConsole(stores.database);
  if (found === undefined) return undefined;
  // The row is the database's, not ours: only a loopback console address is printed or used.
  if (!/^http:\/\/127\.0\.0\.1:\d{1,5}\/$/.test(found.url)) {
    log('xcap serve: the console presence in the database does not name a 127.0.0.1 address; serving a console of its own');
    return undefined;
  }
  const relay: { asker?: RelayAsker } = {};
  const host = await openConsoleHost(stores.database, {
    onMessage: (message) => {
      const read = readConsoleMessage(message);
      if (typeof read !== 'string') relay.asker?.receive(read);
    },
    onLost: () => {
      const ended = relay.asker?.lost() ?? 0;
      log(`xcap serve: lost the running console at ${found.url}; ${ended} waiting request(s) end unanswered until a console runs again`);
    },
    onBack: () => log('xcap serve: a console runs on the database again; requests go to it'),
  });
  const asker = new RelayAsker({ withFiles: false, log, send: (message) => host.send(message) });
  relay.asker = asker;
  return {
    url: found.url,
    ask: (request) => asker.ask(request),
    grantsChanged: () => void host.send({ t: 'grants' }),
    close: async () => {
      asker.close();
      await host.close();
    },
  };
}
