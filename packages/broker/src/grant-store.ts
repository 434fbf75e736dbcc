import type { Grant } from '@xcap/catalog';

/**
 * Where a host keeps consent answers, per app and scope (consent.json). Only
 * `consentAnswer` writes to it and `revokeGrant` deletes from it; a host's
 * durable store (a file written atomically) implements the same interface.
 */
export interface GrantStore {
  /** The stored answer of `app` for `scope`; `undefined` when undecided. */
  get(app: string, scope: string): Grant | undefined | Promise<Grant | undefined>;
  /** Stores an answer (called by `consentAnswer` only). */
  set(app: string, scope: string, grant: Grant): void | Promise<void>;
  /** Forgets an answer (called by `revokeGrant`). */
  delete(app: string, scope: string): void | Promise<void>;
}
