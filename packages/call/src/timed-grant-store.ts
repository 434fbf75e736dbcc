import type { GrantStore } from '@xcap/broker';
import { withTimeout } from '@xcap/wire';

/** How long the call path waits for one grant store `get` or `set` by default (`grantTimeoutMs`). */
export const defaultGrantTimeoutMs = 10_000;

/**
 * The host's grant store with every method bounded by `timeoutMs`: a method
 * that does not answer in time rejects, exactly like a failing store (a
 * `get` counts as undecided, a `set` refuses the call `consentNeeded`).
 * Methods are called with the store as `this`.
 */
export function timedGrantStore(store: GrantStore, timeoutMs: number): GrantStore {
  return {
    get: (app, scope) => withTimeout(() => store.get(app, scope), timeoutMs, 'grant store get'),
    set: (app, scope, grant) => withTimeout(() => store.set(app, scope, grant), timeoutMs, 'grant store set'),
    delete: (app, scope) => withTimeout(() => store.delete(app, scope), timeoutMs, 'grant store delete'),
  };
}
