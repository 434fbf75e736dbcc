import type { JsonRpcId } from './json-rpc-id.js';

/** Whether `id` is a request id that can be answered: a string or a safe integer (not a fraction, not `null`). */
export function usableId(id: unknown): id is JsonRpcId {
  return typeof id === 'string' || Number.isSafeInteger(id);
}
