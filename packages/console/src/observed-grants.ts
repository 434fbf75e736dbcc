import type { ConsoleStores } from './console-stores.js';

/** `grants` with `changed` called after every `set` and `delete` went through (the console's `event: grants`). */
export function observedGrants(grants: ConsoleStores['grants'], changed: () => void): ConsoleStores['grants'] {
  return {
    get: (app, scope) => grants.get(app, scope),
    all: () => grants.all(),
    set: async (app, scope, grant) => {
      await grants.set(app, scope, grant);
      changed();
    },
    delete: async (app, scope) => {
      await grants.delete(app, scope);
      changed();
    },
  };
}
