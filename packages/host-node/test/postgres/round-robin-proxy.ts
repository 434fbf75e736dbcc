import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer for tests: each HTTP request goes to the next target in turn (no sticky sessions). */
export interface RoundRobinProxy {
  /** The proxy's `/mcp` endpoint. */
  readonly url: string;
  /** Requests sent to each target so far. */
  readonly hits: number[];
  close(): Promise<void>;
}

/** Starts a round-robin proxy on 127.0.0.1 in front of `targets` (`http://host:port/mcp` URLs); the Host header sent is `hostHeader`, else the chosen target's. */
export async function roundRobinProxy(targets: readonly string[], hostHeader?: string): Promise<RoundRobinProxy> {
  const hits = targets.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const index = next++ % targets.length;
    hits[index] = (hits[index] ?? 0) + 1;
    const target = new URL(targets[index] as string);
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: hostHeader ?? target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
