/**
 * The untyped form of a host's natives, by capability and bare tool name:
 * `providers.photos.pick(nativeInput, context)` answers a `NativeResult`
 * (or a promise of one); `context` is the call's `NativeContext` (when the
 * host stops waiting). Any object of objects with methods is accepted, and
 * methods are called with their provider object as `this`, so class
 * instances work. For the built-in catalog with a literal `provided` list,
 * `CallPathOptions.providers` is typed from the generated `HostProviders`
 * instead (`CallPathProviders`); either form is checked at setup.
 */
export type NativeProviders = object;
