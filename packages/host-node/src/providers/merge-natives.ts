import type { NativeProviders } from '@xcap/call';

/** Natives as `createNodeHost` takes them (`HostNatives`' shape). */
interface Natives {
  readonly providers: NativeProviders;
  readonly provided: readonly string[];
  close?(): void | Promise<void>;
}

/** The capabilities of `base` and `external` together, sorted, each once (`mergeNatives`' `provided`). */
export function mergedProvided(base: readonly string[], external: readonly string[]): string[] {
  return [...new Set([...base, ...external])].sort();
}

/**
 * The natives of `base` (the Node providers, or the ones given) with those
 * of `external` (provider processes) on top: a capability `external`
 * provides is served by it alone — its provider object replaces the one of
 * `base` — and `provided` is the union, sorted. `close` closes both.
 */
export function mergeNatives<B extends Natives, E extends Natives>(base: B, external: E): Natives {
  const providers: Record<string, unknown> = {};
  const own = base.providers as Record<string, unknown>;
  for (const capability of Object.keys(own)) providers[capability] = own[capability];
  for (const [capability, provider] of Object.entries(external.providers as Record<string, unknown>)) providers[capability] = provider;
  return {
    providers,
    provided: mergedProvided(base.provided, external.provided),
    close: async () => {
      await Promise.allSettled([Promise.resolve().then(() => base.close?.()), Promise.resolve().then(() => external.close?.())]);
    },
  };
}
