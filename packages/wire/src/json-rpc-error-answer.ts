import type { JsonRpcId } from './json-rpc-id.js';

/** A JSON-RPC 2.0 error answer (`id` `null` when the request's id could not be read). */
export interface JsonRpcErrorAnswer {
  /** Always `"2.0"`. */
  readonly jsonrpc: '2.0';
  /** The id of the request answered, or `null`. */
  readonly id: JsonRpcId | null;
  /** What went wrong. */
  readonly error: { readonly code: number; readonly message: string };
}
