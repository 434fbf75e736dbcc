import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallPath } from '@xcap/call';
import { mcpCallResult } from './mcp-call-result.js';
import { mcpTool } from './mcp-tool.js';
import { newRunId } from './run-id.js';

/** Options of `serveCallPath`. */
export interface ServeCallPathOptions {
  /** The run id audited as `clientId` for every call of this connection (default a fresh `newRunId()`). */
  readonly clientId?: string;
  /** Whether a person is present (the app is in the foreground): picker tools run and undecided `ask` scopes are put to them. Default `false`. */
  readonly foreground?: boolean;
}

/** What `serveCallPath` mounted. */
export interface ServedCallPath {
  /** The run id of this connection (the audit rows' `clientId`). */
  readonly clientId: string;
  /** Settles once no tools/call of this connection is running and their answers were handed to the transport (wait for it before closing the connection or the stores). */
  idle(): Promise<void>;
}

/**
 * Mounts a call path on an MCP SDK `Server` (the low-level one; it must
 * declare the `tools` capability): `tools/list` answers `callPath.listTools()`
 * with the catalog's raw JSON Schemas; `tools/call` runs
 * `callPath.call({from: 'agent', …})` with this connection's run id, and an
 * unknown tool (`rpcError`) becomes `McpError` -32602 whose wire message is
 * exactly the call path's (`Unknown tool: <name>`), no hint. One `Server` is
 * one connection is one agent run, so
 * mount each connection's server with its own run id (the default makes one).
 */
export function serveCallPath(server: Server, callPath: CallPath, options: ServeCallPathOptions = {}): ServedCallPath {
  const clientId = options.clientId ?? newRunId();
  const foreground = options.foreground ?? false;
  const tools = callPath.listTools().map(mcpTool);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  const running = new Set<Promise<unknown>>();
  const answer = async (name: string, args: unknown): Promise<CallToolResult> => {
    const answered = await callPath.call({ from: 'agent', name, arguments: args, foreground, client: clientId });
    if (answered.kind === 'rpcError') {
      const error = new McpError(ErrorCode.InvalidParams, answered.error.message);
      // On the wire the message is exactly the call path's (`Unknown tool: <name>`), without the SDK's `MCP error -32602: ` prefix.
      error.message = answered.error.message;
      throw error;
    }
    return mcpCallResult(answered.result);
  };
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const handled = answer(request.params.name, request.params.arguments);
    running.add(handled);
    handled.then(
      () => running.delete(handled),
      () => running.delete(handled),
    );
    return handled;
  });
  const idle = async (): Promise<void> => {
    while (running.size > 0) {
      await Promise.allSettled([...running]);
      // One turn of the event loop, so the SDK sends the answers of the calls that just ended before anyone closes the connection.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { clientId, idle };
}
