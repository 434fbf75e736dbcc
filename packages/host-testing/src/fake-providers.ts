import type { Catalog, JsonObject } from '@xcap/catalog';
import { nativeTools } from './native-tools.js';

/** The providers object of a fake host: capability → bare tool → native. */
export type FakeProviders = { readonly [capability: string]: { readonly [tool: string]: (input: JsonObject) => Promise<unknown> } };

/**
 * A `HostProviders`-shaped object for `catalog`: one provider per capability
 * in `capabilities`, one method per native v1 tool of it (`runs: native`),
 * each handing its UI tool name and input to `answer`.
 */
export function fakeProviders(catalog: Catalog, capabilities: readonly string[], answer: (tool: string, input: JsonObject) => unknown): FakeProviders {
  const providers: Record<string, Record<string, (input: JsonObject) => Promise<unknown>>> = {};
  for (const capability of capabilities) {
    const methods: Record<string, (input: JsonObject) => Promise<unknown>> = {};
    for (const { name } of nativeTools(catalog, capability)) methods[name.slice(capability.length + 1)] = async (input) => answer(name, input);
    providers[capability] = methods;
  }
  return providers;
}
