/**
 * `@xcap/mcp/node`: serving on Node's `node:http` without a host package —
 * `fetchListener` mounts any web-standard `fetch(request)` handler as a
 * `request` listener, streaming the request body and answering early
 * refusals with a lingering close; `ConnectionGuard` keeps a tokenless
 * client from holding every connection; `readNodeBody` is the body limit
 * (chunked bodies counted as they come) of a plain `node:http` handler;
 * `parseListenAddress` reads a `[host:]port` option and
 * `allowedHostHeaders` the `Host` values a bound address answers.
 *
 * @packageDocumentation
 */
export { fetchListener } from './node/fetch-listener.js';
export { ConnectionGuard, type ConnectionGuardOptions } from './node/connection-guard.js';
export { discardRest, readNodeBody } from './node/read-node-body.js';
export { allowedHostHeaders, defaultHttpHost, parseListenAddress, urlAuthority, type ListenAddress } from './node/listen-address.js';
