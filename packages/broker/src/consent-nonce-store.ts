/**
 * Where a host remembers the single-use consent questions already answered:
 * the nonce of each signed `requestState` (`@xcap/mcp`) an answer was taken
 * for, kept until that state expires. Hosts that verify one another's states
 * (one shared key) share one store. `runStoreConformance` of
 * `@xcap/host-testing` checks an implementation (section `consent nonces`).
 */
export interface ConsentNonceStore {
  /**
   * Claims `nonce`, whose state expires at `expiresAt` (milliseconds since
   * the epoch): `true` the first time only, atomically (of any number of
   * concurrent claims of one nonce, on any instance on the same storage,
   * exactly one is `true`); `false` once it was claimed, and for a state that
   * has already expired (`expiresAt` not after the store's clock), which is
   * never stored. Entries whose `expiresAt` has passed are pruned. A nonce
   * that is not a `consentNonceRule` string or an `expiresAt` that is not a
   * finite number is a `TypeError`.
   */
  claim(nonce: string, expiresAt: number): Promise<boolean>;
}
