import { consoleLimits, type PendingFields, type PendingPhoto } from './console-contract.js';
import type { ConsoleAsk, ConsoleRequests } from './console-requests.js';
import { stringList } from './string-list.js';

/** A photo `askPhotos` offers: what the page shows, and the file its thumbnail is read from. */
export interface AskedPhoto extends PendingPhoto {
  /** The photo's absolute path (served for this request only, never shown). */
  readonly path: string;
}

/** What `askPhotos` puts to the person: the app, how many may be chosen, the photos, and the call path's signal and deadline. */
export interface PhotosAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agentKey' | 'signal' | 'deadline'> {
  /** The most photos that may be chosen. */
  readonly limit: number;
  /** The photos, newest first (the first `consoleLimits.maxPhotos` are listed). */
  readonly photos: readonly AskedPhoto[];
}

/**
 * A `photos` request in `requests` with `limit` and the first
 * `consoleLimits.maxPhotos` photos (id, name, takenAt), whose thumbnails
 * the console serves for this request only; answered by `{ "photoIds":
 * [...] }` — at most `limit` distinct ids of the list, `[]` = Cancel. No
 * answer before `signal` aborts is Cancel. Resolves to the ids chosen;
 * rejects with `ConsoleBusyError` when too many wait.
 */
export function askPhotos(requests: ConsoleRequests, ask: PhotosAsk): Promise<readonly string[]> {
  const shown = ask.photos.slice(0, consoleLimits.maxPhotos);
  const files = new Map(shown.map((photo) => [photo.id, photo.path]));
  return requests.ask<readonly string[]>({
    kind: 'photos',
    app: ask.app,
    ...(ask.agentKey === undefined ? {} : { agentKey: ask.agentKey }),
    signal: ask.signal,
    deadline: ask.deadline,
    fields: { limit: ask.limit, photos: shown.map(({ id, name, takenAt }) => ({ id, name, takenAt })) } satisfies PendingFields<'photos'>,
    files,
    parse: (answer) => {
      const ids = stringList(answer, 'photoIds', ask.limit);
      if (typeof ids === 'string') return { refused: ids };
      const stranger = ids.find((id) => !files.has(id));
      return stranger === undefined ? ids : { refused: `${JSON.stringify(stranger)} is not a photo of this request` };
    },
    fallback: [],
  });
}
