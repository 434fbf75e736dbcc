import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A handler of one path of `startRouteServer`. */
export type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** A local HTTP server of `startRouteServer`. */
export interface RouteServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The path of every request so far, in order. */
  readonly paths: string[];
  /** The requests so far, in order. */
  readonly requests: IncomingMessage[];
  /** The routes, by path: change them while it runs. A path not here answers 404. */
  readonly routes: Map<string, Route>;
  /** Stops it, closing every connection. */
  close(): Promise<void>;
}

/** Starts a node:http server on 127.0.0.1 (port 0) answering each path by its route: a hostile or misconfigured authorization server for the OAuth tests. */
export async function startRouteServer(routes: Record<string, Route> = {}): Promise<RouteServer> {
  const table = new Map(Object.entries(routes));
  const paths: string[] = [];
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    paths.push(path);
    requests.push(request);
    const route = table.get(path);
    if (route === undefined) response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    else route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    requests,
    routes: table,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
