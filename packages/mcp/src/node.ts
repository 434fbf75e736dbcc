/**
 * `@xcap/mcp/node`: serving `createHttpHandler` on Node's `node:http`
 * without a host package — `fetchListener` mounts any web-standard
 * `fetch(request)` handler as a `request` listener, streaming the request
 * body and answering early refusals with a lingering close.
 *
 * @packageDocumentation
 */
export { fetchListener } from './node/fetch-listener.js';
