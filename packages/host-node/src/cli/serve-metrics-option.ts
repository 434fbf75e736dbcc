import type { ListenAddress } from '@xcap/mcp/node';
import type { ConsentMode } from '../consent/consent-mode.js';
import type { HostObserver } from '../observe/host-observer.js';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';

/** The metrics of a running `xcap serve --metrics`: the observer to give the host, and how to stop the listener. */
export interface OpenedMetrics {
  /** Feeds the metrics (`NodeHostOptions.observer`). */
  readonly observer: HostObserver;
  /** `http://<host>:<port>/metrics`. */
  readonly url: string;
  /** Stops the listener. */
  close(): Promise<void>;
}

/**
 * Checks `--metrics [host:]port` of `xcap serve` before anything is opened
 * (`parseListenAddress` of `@xcap/mcp/node`, as every listener): a bad value
 * or an address that is not loopback is a `CliFailure` (exit 2). Answers the
 * address, or `undefined` without the flag; loads nothing then.
 */
export async function metricsListenOption(options: Record<string, unknown>): Promise<ListenAddress | undefined> {
  if (options.metrics === undefined) return undefined;
  const value = typeof options.metrics === 'string' ? options.metrics : '';
  const { parseListenAddress } = await import('@xcap/mcp/node');
  let listen: ListenAddress;
  try {
    listen = parseListenAddress(value, '--metrics');
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  if (!listen.loopback) throw new CliFailure(`--metrics ${value}: not a loopback address (the metrics listen on 127.0.0.1, [::1] or localhost only)`);
  return listen;
}

/**
 * Starts the metrics of `xcap serve --metrics` (prom-client and the
 * listener are loaded only now): `GET /metrics` on `listen`, one line
 * `xcap serve: metrics at <url>`. A port in use (or not allowed) is one line
 * and exit 1.
 */
export async function openServeMetrics(listen: ListenAddress, mode: ConsentMode, io: CliIo): Promise<OpenedMetrics> {
  const [{ createServeMetrics }, { startMetricsServer }, { catalog }] = await Promise.all([
    import('../metrics/serve-metrics.js'),
    import('../metrics/metrics-server.js'),
    import('@xcap/catalog'),
  ]);
  const metrics = createServeMetrics(catalog, mode);
  try {
    const server = await startMetricsServer({ listen, metrics });
    io.stderr(`xcap serve: metrics at ${server.url}\n`);
    return { observer: metrics.observer, url: server.url, close: () => server.close() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new CliFailure(`--metrics ${listen.host}:${listen.port}: cannot listen (${String(code)})`, 1, { cause: error });
    throw error;
  }
}
