import { consoleLimits, type PendingFields, type PendingPhoto } from './console-contract.js';
import { answerParsers } from './answer-parsers.js';
import type { ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
import type { ConsoleAsk } from './console-requests.js';

/** A photo `askPhotos` offers: what the page shows, and the file its thumbnail is read from. */
export interface AskedPhoto extends PendingPhoto {
  /** The photo's absolute path (served for this request only, never shown). */
  readonly path: string;
}

/** What `askPhotos` puts to the person: who asks, the app, how many may be chosen, the photos, and the call path's signal and deadline. */
export interface PhotosAsk extends Pick<ConsoleAsk<unknown>, 'app' | 'agent' | 'agentKey' | 'signal' | 'deadline'> {
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
export function askPhotos(requests: ConsoleAsker, ask: PhotosAsk): Promise<readonly string[]> {
  const shown = ask.photos.slice(0, consoleLimits.maxPhotos);
  const files = new Map(shown.map((photo) => [photo.id, photo.path]));
  const fields = { limit: ask.limit, photos: shown.map(({ id, name, takenAt }) => ({ id, name, takenAt })) } satisfies PendingFields<'photos'>;
  const request: RelayedConsoleAsk<readonly string[]> = {
    kind: 'photos',
    app: ask.app,
    agent: ask.agent,
    agentKey: ask.agentKey,
    signal: ask.signal,
    deadline: ask.deadline,
    fields,
    files,
    parse: (answer) => answerParsers.photos(fields, answer),
    fallback: [],
  };
  return requests.ask(request);
}
