import type { NativeContext } from '@xcap/catalog';

/** The context a provider's native uses when it is called without one (directly, not through the bridge): it never aborts. */
export const noDeadline: NativeContext = Object.freeze({ signal: new AbortController().signal, deadline: Infinity, agent: null, client: null });
