import type { JsonObject, NativeContext } from '@xcap/catalog';
import type { NativeProviders } from './native-providers.js';

/**
 * The host's native for `capability` and bare `tool`
 * (`providers[capability][tool]`), bound to its provider object and called
 * with the native input and the call's `NativeContext`; `undefined`
 * when the host has no such method (the bridge then answers `unreachable`).
 * Members inherited from `Object.prototype` never count as natives.
 */
export function resolveNative(
  providers: NativeProviders,
  capability: string,
  tool: string,
): ((nativeArguments: JsonObject, context: NativeContext) => unknown) | undefined {
  const provider = member(providers, capability);
  if ((typeof provider !== 'object' && typeof provider !== 'function') || provider === null) return undefined;
  const method = member(provider, tool);
  if (typeof method !== 'function') return undefined;
  return (nativeArguments, context) => (method as (input: JsonObject, context: NativeContext) => unknown).call(provider, nativeArguments, context);
}

function member(holder: unknown, key: string): unknown {
  if ((typeof holder !== 'object' && typeof holder !== 'function') || holder === null) return undefined;
  if (!(key in holder)) return undefined;
  const value = (holder as Record<string, unknown>)[key];
  return value === (Object.prototype as Record<string, unknown>)[key] ? undefined : value;
}
