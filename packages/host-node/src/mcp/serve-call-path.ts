import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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
 *
 * Every tools/call request reaches the call path, so every one leaves
 * exactly one audit row: `tools/call` is served from the server's
 * `fallbackRequestHandler` (any handler set for it before is removed; a
 * fallback set before keeps serving every other method), not through the
 * SDK's `setRequestHandler`, whose schema check would refuse a malformed
 * request before the call path sees it. Arguments that are not an object
 * reach the call path as received (`invalidParams: / type`, an isError
 * result). A `name` that is not a string (or missing `params`) is called as
 * the name `''` — unknown, audited with `tool` `''` and the arguments as
 * received — and answers JSON-RPC -32602 `Invalid tools/call: params.name
 * must be a string, got <what it was>`.
 */
export function serveCallPath(server: Server, callPath: CallPath, options: ServeCallPathOptions = {}): ServedCallPath {
  const clientId = options.clientId ?? newRunId();
  const foreground = options.foreground ?? false;
  const tools = callPath.listTools().map(mcpTool);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  const running = new Set<Promise<unknown>>();
  const answer = async (name: unknown, args: unknown): Promise<CallToolResult> => {
    const answered = await callPath.call({ from: 'agent', name: typeof name === 'string' ? name : '', arguments: args, foreground, client: clientId });
    if (typeof name !== 'string') throw wireError(ErrorCode.InvalidParams, `Invalid tools/call: params.name must be a string, got ${describe(name)}`);
    // On the wire the message is exactly the call path's (`Unknown tool: <name>`).
    if (answered.kind === 'rpcError') throw wireError(ErrorCode.InvalidParams, answered.error.message);
    return mcpCallResult(answered.result);
  };
  server.removeRequestHandler('tools/call');
  const fallback = server.fallbackRequestHandler;
  server.fallbackRequestHandler = (request, extra) => {
    if (request.method !== 'tools/call') return fallback === undefined ? Promise.reject(wireError(ErrorCode.MethodNotFound, 'Method not found')) : fallback(request, extra);
    const params = request.params ?? {};
    const handled = answer(params['name'], params['arguments']);
    running.add(handled);
    handled.then(
      () => running.delete(handled),
      () => running.delete(handled),
    );
    return handled;
  };
  const idle = async (): Promise<void> => {
    while (running.size > 0) {
      await Promise.allSettled([...running]);
      // One turn of the event loop, so the SDK sends the answers of the calls that just ended before anyone closes the connection.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { clientId, idle };
}

/** An `McpError` whose wire message is exactly `message` (without the SDK's `MCP error <code>: ` prefix). */
function wireError(code: ErrorCode, message: string): McpError {
  const error = new McpError(code, message);
  error.message = message;
  return error;
}

/** What a value that should have been a string was, for the -32602 message. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
