import type { CapabilityName, EdeHostProviders } from '@xcap/catalog';
import type { NativeProviders } from './native-providers.js';

/** The capabilities of the built-in catalog that have native tools, so a provider (`HostProviders`, `EdeHostProviders`). */
export type ProviderName = keyof EdeHostProviders;

/**
 * A generated provider interface whose methods may also answer
 * synchronously: `(input, context?) => NativeResult<Out> | Promise<NativeResult<Out>>`
 * (the call path awaits either; `context` is the call's `NativeContext`,
 * which a method may leave out).
 */
export type LenientProvider<P> = {
  readonly [M in keyof P]: P[M] extends (input: infer I, context?: infer C) => Promise<infer R> ? (input: I, context?: C) => R | Promise<R> : P[M];
};

/**
 * The providers a host must bring for the built-in capabilities `N` it
 * provides: for each of them that has native tools, its generated provider
 * interface with every method (required); providers of the other built-in
 * capabilities may be present. Any other key is a compile error in an
 * object literal (a misspelt capability).
 */
export type ProvidersFor<N extends string> = {
  readonly [K in N & ProviderName]-?: LenientProvider<NonNullable<EdeHostProviders[K]>>;
} & {
  readonly [K in Exclude<ProviderName, N>]?: LenientProvider<NonNullable<EdeHostProviders[K]>>;
};

/**
 * What `CallPathOptions.providers` must be, from the type of `provided`
 * (`P`) and of the providers given (`R`): a literal list of built-in
 * capability names (`provided: ['photos', 'share']` written inline, or
 * `as const`) makes it `ProvidersFor` those names, and no other key, so a
 * missing capability, a misspelt capability or method, or a wrong input or
 * answer type is a compile error. The untyped `NativeProviders` stays for a
 * list typed `string[]` (a catalog loaded at run time, names read from
 * configuration), a list naming a capability the built-in catalog does not
 * have, and providers typed as a string-indexed map (built at run time).
 * `createCallPath` checks every form at setup (`HostSetupError`).
 */
export type CallPathProviders<P extends readonly string[], R = unknown> = string extends P[number]
  ? NativeProviders
  : [P[number]] extends [CapabilityName]
    ? string extends keyof R
      ? NativeProviders
      : ProvidersFor<P[number]> & { readonly [K in Exclude<keyof R, ProviderName>]: never }
    : NativeProviders;
