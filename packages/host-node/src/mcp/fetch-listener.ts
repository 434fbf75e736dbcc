import { fetchListener as nodeFetchListener } from '@xcap/mcp/node';

/**
 * Mounts a web-standard `fetch(request)` handler on `node:http` (see `@xcap/mcp/node`).
 *
 * @deprecated Moved to `@xcap/mcp/node`; this re-export goes in the next minor.
 */
export const fetchListener: typeof nodeFetchListener = nodeFetchListener;
