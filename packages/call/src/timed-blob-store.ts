import type { BlobStore } from '@xcap/bridge';
import { withTimeout } from '@xcap/wire';

/** How long the call path waits for one blob store `get`, `put` or `remove` by default (`blobTimeoutMs`). */
export const defaultBlobTimeoutMs = 10_000;

/**
 * The host's blob store with every method bounded by `timeoutMs`: a method
 * that does not answer in time rejects, which the bridge treats exactly as a
 * failing store (`storeFailed`). A `put` that completes after its timeout
 * has stored a file nobody will hear of, so it is removed again (where the
 * store can remove). Methods are called with the store as `this`.
 */
export function timedBlobStore(store: BlobStore, timeoutMs: number): BlobStore {
  const timed: BlobStore = {
    get: (app, fileId) => withTimeout(() => store.get(app, fileId), timeoutMs, 'blob store get'),
    put: (app, name, mimeType, bytes) =>
      withTimeout(
        () => store.put(app, name, mimeType, bytes),
        timeoutMs,
        'blob store put',
        (fileId) => {
          if (typeof fileId === 'string' && typeof store.remove === 'function')
            void withTimeout(() => store.remove?.(app, fileId), timeoutMs, 'blob store remove').catch(() => undefined);
        },
      ),
  };
  if (typeof store.remove === 'function') timed.remove = (app, fileId) => withTimeout(() => store.remove?.(app, fileId), timeoutMs, 'blob store remove');
  return timed;
}
