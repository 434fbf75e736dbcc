import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostAllowed } from '@xcap/mcp';
import { ConnectionGuard, allowedHostHeaders, urlAuthority, type ListenAddress } from '@xcap/mcp/node';
import { realTimers, type Timers } from '@xcap/wire';
import type { ServeMetrics } from './serve-metrics.js';

/** The bounds of the metrics listener: a scraper needs one connection, a few at most. */
export const metricsLimits = { maxConnections: 16, firstByteTimeoutMs: 1_000, firstHeadersTimeoutMs: 2_000 } as const;

/** What `startMetricsServer` takes. */
export interface MetricsServerOptions {
  /** Where to listen (`parseListenAddress(value, '--metrics')`); a loopback address only. */
  readonly listen: ListenAddress;
  /** What `GET /metrics` answers. */
  readonly metrics: Pick<ServeMetrics, 'contentType' | 'exposition'>;
  /** The timers of the connection guard (default `realTimers`; a fake in tests). */
  readonly timers?: Timers;
}

/** A running metrics listener. */
export interface MetricsServer {
  /** `http://<host>:<port>/metrics`, with the real port when 0 was asked. */
  readonly url: string;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(text);
}

/**
 * Serves `GET /metrics` (and `HEAD`) in the Prometheus text format on a
 * loopback address — refused otherwise with a `RangeError`, since the
 * figures name the tools an app uses — behind the same guards as the
 * console: the `Host` header must name the bound address (421 otherwise: DNS
 * rebinding), a `ConnectionGuard` bounds the connections and closes the
 * silent ones, and Node's header and request timeouts apply. Every other
 * path is 404 and every other method 405. A port in use rejects with the
 * listen error (`EADDRINUSE`).
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { listen, metrics } = options;
  if (!listen.loopback) throw new RangeError(`--metrics ${listen.host}: not a loopback address (127.0.0.1, [::1] or localhost)`);
  const server = createServer({
    requestTimeout: 10_000,
    headersTimeout: 5_000,
    keepAliveTimeout: 5_000,
    maxHeaderSize: 16 * 1024,
    connectionsCheckingInterval: 1_000,
  });
  const guard = new ConnectionGuard(server, { ...metricsLimits, timers: options.timers ?? realTimers });
  let allowed: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req.headers.host, allowed)) return answer(res, 421, 'this Host is not served here\n');
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return answer(res, 404, 'not found: the metrics are at /metrics\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'only GET and HEAD\n', { allow: 'GET, HEAD' });
    const text = await metrics.exposition();
    res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : text);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Nothing of a request is read: a body is discarded with the connection's keep-alive.
    req.resume();
    guard
      .check(req.socket, () => handle(req, res))
      .catch(() => {
        if (!res.headersSent) answer(res, 500, 'the metrics could not be collected\n');
        else res.destroy();
      });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  allowed = allowedHostHeaders(listen.host, port);
  return {
    url: `http://${urlAuthority(listen.host, port)}/metrics`,
    close: async () => {
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await done;
    },
  };
}
