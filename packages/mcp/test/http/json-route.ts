import type { Route } from './start-route-server.js';

/** A route of `startRouteServer` answering `body` as JSON with status 200 (a metadata document or a JWKS). */
export const jsonRoute =
  (body: unknown): Route =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
