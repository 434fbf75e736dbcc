import type { JsonRpcErrorAnswer } from './json-rpc-error-answer.js';
import type { JsonRpcId } from './json-rpc-id.js';

/** The JSON-RPC error answer to request `id` (`null` when it could not be read). */
export function errorAnswer(id: JsonRpcId | null, code: number, message: string): JsonRpcErrorAnswer {
  return { jsonrpc: '2.0', id, error: { code, message } };
}
