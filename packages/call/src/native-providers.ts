/**
 * The natives a host brings, by capability and bare tool name:
 * `providers.photos.pick(nativeInput)` answers a `NativeResult` (or a
 * promise of one). The generated `HostProviders` interface of
 * `@xcap/catalog` is this shape for the built-in catalog; any object of
 * objects with methods is accepted, and methods are called with their
 * provider object as `this`, so class instances work.
 */
export type NativeProviders = object;
