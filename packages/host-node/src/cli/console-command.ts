import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';
import { withCommandStores } from './command-stores.js';

/**
 * `xcap console [--data DIR | --store URL | --store-file F] [--listen
 * 127.0.0.1:PORT]`: serves the console's grants, tokens and audit pages of
 * a data directory or a database on their own (no pending requests), on
 * 127.0.0.1 only (any other address exits 2). Prints `xcap console: at
 * <login URL>` and runs until SIGINT or SIGTERM (exit 0). The console code
 * is loaded only by this command.
 */
export async function consoleCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const { consoleListenPort, startConsoleServer } = await import('@xcap/console');
  let port: number;
  try {
    port = consoleListenPort(typeof options.listen === 'string' ? options.listen : '127.0.0.1:0', '--listen');
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  const { isAppId } = await import('../manifest/app-id.js');
  await withCommandStores(options, io, async (stores) => {
    let server;
    try {
      server = await startConsoleServer({ mode: 'console', port, stores, isAppId, log: (line) => io.stderr(`${line}\n`) });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EADDRINUSE' || code === 'EACCES') throw new CliFailure(`--listen 127.0.0.1:${port}: cannot listen (${String(code)})`, 1);
      throw error;
    }
    io.stderr(`xcap console: at ${server.loginUrl}\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await server.close();
  });
}
