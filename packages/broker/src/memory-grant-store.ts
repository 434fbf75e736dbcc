import type { Grant } from '@xcap/catalog';
import type { GrantStore } from './grant-store.js';

/**
 * A `GrantStore` in memory, for tests and hosts without persistence. Seed it
 * through the constructor (app → scope → grant) and read an app's grants in
 * the shape `brokerDecide` takes with `grantsOf`.
 */
export class MemoryGrantStore implements GrantStore {
  readonly #apps = new Map<string, Map<string, Grant>>();

  constructor(initial: Readonly<Record<string, Readonly<Record<string, Grant>>>> = {}) {
    for (const [app, grants] of Object.entries(initial)) {
      for (const [scope, grant] of Object.entries(grants)) this.set(app, scope, grant);
    }
  }

  /** The stored answer for `app` and `scope`, if any. */
  get(app: string, scope: string): Grant | undefined {
    return this.#apps.get(app)?.get(scope);
  }

  /** Stores an answer; anything but `granted` or `denied` is a TypeError. */
  set(app: string, scope: string, grant: Grant): void {
    const given: unknown = grant; // JavaScript callers can pass anything
    if (given !== 'granted' && given !== 'denied')
      throw new TypeError(`MemoryGrantStore.set: grant must be "granted" or "denied", got ${JSON.stringify(grant)}`);
    let grants = this.#apps.get(app);
    if (grants === undefined) {
      grants = new Map();
      this.#apps.set(app, grants);
    }
    grants.set(scope, grant);
  }

  /** Forgets the answer for `app` and `scope` (the scope is undecided again). */
  delete(app: string, scope: string): void {
    const grants = this.#apps.get(app);
    grants?.delete(scope);
    if (grants?.size === 0) this.#apps.delete(app);
  }

  /** Every grant of `app` as a fresh scope → grant record (what `brokerDecide` takes). */
  grantsOf(app: string): Record<string, Grant> {
    const out: Record<string, Grant> = {};
    for (const [scope, grant] of this.#apps.get(app) ?? []) out[scope] = grant;
    return out;
  }
}
