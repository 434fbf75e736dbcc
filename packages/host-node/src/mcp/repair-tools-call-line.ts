import { JSONRPCRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const requestKeys: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * One line of `xcap serve`'s input, made readable for the SDK when it is a
 * tools/call request the SDK's transport would otherwise drop unanswered
 * (it checks every message against the JSON-RPC schemas before any handler
 * runs): `params` that is not an object, an unreadable `_meta`, a key
 * JSON-RPC does not know, a `jsonrpc` other than `"2.0"`. Such a request is
 * rewritten to `{jsonrpc: "2.0", id, method: "tools/call", params}` keeping
 * only `params.name` and `params.arguments` (when `params` is an object),
 * so it reaches the call path and is answered and audited like any other
 * malformed call. Every other line is returned as it is; so is a request
 * without a usable id (a string or an integer), which cannot be answered.
 */
export function repairToolsCallLine(line: string): string {
  if (!line.includes('tools/call')) return line;
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return line;
  }
  if (!isObject(message) || message['method'] !== 'tools/call') return line;
  const id = message['id'];
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return line;
  if (looksReadable(message) || JSONRPCRequestSchema.safeParse(message).success) return line;
  const params = message['params'];
  const kept: Record<string, unknown> = {};
  if (isObject(params)) {
    if ('name' in params) kept['name'] = params['name'];
    if ('arguments' in params) kept['arguments'] = params['arguments'];
  }
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: kept });
}

/** The common case, checked without the schema: only JSON-RPC's keys, version 2.0, and params absent or an object without `_meta`. */
function looksReadable(message: Record<string, unknown>): boolean {
  if (message['jsonrpc'] !== '2.0') return false;
  for (const key of Object.keys(message)) if (!requestKeys.has(key)) return false;
  const params = message['params'];
  return params === undefined || (isObject(params) && !('_meta' in params));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
