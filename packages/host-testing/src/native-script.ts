import type { JsonObject } from '@xcap/catalog';

/**
 * How a fake native answers, per tool: a result (`{structuredContent}`), a
 * tool error (`{isError}`), a throw (`{throws: message}`, outcome
 * `rpcError`), never answering (`{hangs: true}`, outcome `timeout`), any
 * raw value (`{answers}`, to test the bridge's result checks), or a
 * function of the native input answering (or resolving to) anything.
 */
export type NativeScript =
  | { readonly structuredContent: JsonObject }
  | { readonly isError: string }
  | { readonly throws: string }
  | { readonly hangs: true }
  | { readonly answers: unknown }
  | ((input: JsonObject) => unknown);
