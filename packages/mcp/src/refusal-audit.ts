import type { RequestId } from '@modelcontextprotocol/server';
import type { RefusedToolsCall } from './refused-call-watch.js';

/**
 * The hand-off between a transport and the `mountCallPath` of the server it
 * serves, so a tools/call request the MCP SDK answers itself (before any
 * handler runs) still gets its one row: pass it as
 * `MountCallPathOptions.refusals`. `createHttpHandler` hands one to its
 * server factory (`HttpServerContext.refusals`); `serveStdioCallPath`
 * passes its own.
 */
export interface RefusalAudit {
  /** `mountCallPath` mounted a call path: `audit` writes a refused request's row through it (nothing runs), answering `false` when the row was not committed (the answer must fail closed). */
  mounted(audit: (call: RefusedToolsCall) => Promise<boolean>): void;
  /** The mounted handler received request `id` (its own row follows). */
  reached(id: RequestId): void;
}
