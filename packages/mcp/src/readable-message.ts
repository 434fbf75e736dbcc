import { isJSONRPCRequest, parseJSONRPCMessage, ProtocolErrorCode, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';
import { errorAnswer, isObject, usableId, type JsonRpcErrorAnswer } from '@xcap/wire';
import { toolsCallRequests, type ReceivedToolsCall } from './tools-call-requests.js';

/**
 * What one parsed input message is for the server: a message to deliver, an
 * error to answer at once, a batch refused whole (its answer goes out once
 * its tools/call `requests` have their rows), or nothing (dropped, with why).
 */
export type ReadMessage =
  | { readonly kind: 'message'; readonly message: JSONRPCMessage }
  | { readonly kind: 'answer'; readonly answer: JsonRpcErrorAnswer }
  | { readonly kind: 'batch'; readonly answer: JsonRpcErrorAnswer; readonly requests: readonly ReceivedToolsCall[] }
  | { readonly kind: 'drop'; readonly why: string };

/** The answer to a JSON-RPC batch over stdio: MCP's stdio binding carries one message per line, so a batch is refused whole. */
const batchRefusal = 'Invalid Request: JSON-RPC batches are not supported';

/** The `_meta` keys of the 2026-07-28 per-request envelope, kept when a tools/call request is made readable. */
const envelopePrefix = 'io.modelcontextprotocol/';

/**
 * One parsed input message, checked as the SDK's transports check it (the
 * JSON-RPC schemas), except that a tools/call request with a usable id
 * (a string or a safe integer) is never dropped: when the schemas refuse
 * it (`params` not an object, an unreadable `_meta`, a key JSON-RPC does
 * not know, a `jsonrpc` other than `"2.0"`) it is delivered as
 * `{jsonrpc: "2.0", id, method: "tools/call", params}` keeping
 * `params.name`, `params.arguments`, the modern envelope's `_meta` keys and
 * the retry keys (`inputResponses`, `requestState`), so it reaches the call
 * path and is answered and audited like any other malformed call. Any
 * other message the schemas refuse is answered -32600 when it has a usable
 * id and is dropped otherwise. A batch (a JSON array) is refused whole:
 * -32600 `batchRefusal` with id `null`, naming the tools/call requests it
 * holds (each gets its row before that answer goes out).
 */
export function readMessage(value: unknown): ReadMessage {
  if (Array.isArray(value))
    return { kind: 'batch', answer: errorAnswer(null, ProtocolErrorCode.InvalidRequest, batchRefusal), requests: toolsCallRequests(value) };
  if (isObject(value) && value['method'] === 'tools/call' && usableId(value['id']) && !isJSONRPCRequest(value)) return readableToolsCall(value, value['id']);
  try {
    return { kind: 'message', message: parseJSONRPCMessage(value) };
  } catch {
    if (isObject(value) && usableId(value['id']))
      return { kind: 'answer', answer: errorAnswer(value['id'], ProtocolErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message MCP knows') };
    return { kind: 'drop', why: 'not a JSON-RPC 2.0 message MCP knows, and no id to answer' };
  }
}

function readableToolsCall(message: Record<string, unknown>, id: RequestId): ReadMessage {
  const params = message['params'];
  const kept: Record<string, unknown> = {};
  if (isObject(params)) {
    for (const key of ['name', 'arguments', 'inputResponses', 'requestState']) if (key in params) kept[key] = params[key];
    const meta = params['_meta'];
    if (isObject(meta)) {
      const envelope = Object.fromEntries(Object.entries(meta).filter(([key]) => key.startsWith(envelopePrefix)));
      if (Object.keys(envelope).length > 0) kept['_meta'] = envelope;
    }
  }
  const readable = { jsonrpc: '2.0', id, method: 'tools/call', params: kept };
  if (isJSONRPCRequest(readable)) return { kind: 'message', message: readable };
  const { _meta: _dropped, ...bare } = kept;
  return { kind: 'message', message: { jsonrpc: '2.0', id, method: 'tools/call', params: bare } };
}
