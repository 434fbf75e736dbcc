import type { GrantStore } from './grant-store.js';

/** Forgets the stored consent answer of `app` for `scope`: the scope is undecided again and the next foreground call asks. */
export async function revokeGrant(store: GrantStore, app: string, scope: string): Promise<void> {
  await store.delete(app, scope);
}
