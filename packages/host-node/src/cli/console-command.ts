import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';
import { withCommandStores } from './command-stores.js';
import { dataDirOption } from './data-dir-option.js';
import { storeUrl } from './store-option.js';

/**
 * `xcap console [--data DIR | --store URL | --store-file F] [--listen
 * 127.0.0.1:PORT]`: serves the console of a data directory or a database,
 * on 127.0.0.1 only (any other address exits 2): its grants, tokens and
 * audit pages, and the sheets and pickers of every `xcap serve --consent
 * console` on the same data directory (through `DIR/console/console.sock`,
 * `startSocketRelay`) or database (`startConsoleDesk`), each naming its
 * agent and answered on its own. Prints `xcap console: at <login URL>` and
 * runs until SIGINT or SIGTERM (exit 0; the waiting requests end with their
 * fallback). A console already running there, or a relay folder others may
 * use, is one line and exit 1. The console code is loaded only by this
 * command.
 */
export async function consoleCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const { ConsoleRequests, RelayRefusedError, consoleListenPort, observedGrants, startConsoleServer, startSocketRelay } = await import('@xcap/console');
  let port: number;
  try {
    port = consoleListenPort(typeof options.listen === 'string' ? options.listen : '127.0.0.1:0', '--listen');
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  const { isAppId } = await import('../manifest/app-id.js');
  const { readConsolePhoto } = await import('../console/read-console-photo.js');
  const url = await storeUrl(options, io);
  const dataDir = url === undefined ? dataDirOption(options, io).dir : undefined;
  const log = (line: string) => io.stderr(`${line}\n`);
  await withCommandStores(options, io, async (stores) => {
    const requests = new ConsoleRequests({ log });
    const changed = { grants: () => undefined as void };
    const grants = observedGrants(stores.grants, () => changed.grants());
    let server;
    try {
      // The serve mode: the page lists pending requests (every host's), with no app of its own.
      server = await startConsoleServer({
        mode: 'serve',
        app: null,
        port,
        requests,
        stores: { ...stores, grants },
        isAppId,
        readPhoto: readConsolePhoto,
        log,
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EADDRINUSE' || code === 'EACCES') throw new CliFailure(`--listen 127.0.0.1:${port}: cannot listen (${String(code)})`, 1);
      throw error;
    }
    const started = server;
    changed.grants = () => started.grantsChanged();
    let relay: { close(): Promise<void> };
    try {
      relay =
        dataDir !== undefined
          ? await startSocketRelay({ dataDir, requests, url: started.url, log, grantsChanged: () => started.grantsChanged() })
          : await (
              await import('../console/postgres-console-desk.js')
            ).startPostgresConsoleDesk(url ?? '', { requests, url: started.url, log, grantsChanged: () => started.grantsChanged() });
    } catch (error) {
      await started.close();
      if (error instanceof RelayRefusedError) throw new CliFailure(`xcap console: ${error.message}`, 1);
      throw error;
    }
    io.stderr(`xcap console: at ${started.loginUrl}\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    requests.close();
    await relay.close();
    await started.close();
  });
}
