import type { ConsoleRequests } from '../src/console-requests.js';

/** The call path's signal and deadline of one request, as a test hands them over. */
export interface Until {
  readonly signal: AbortSignal;
  readonly deadline: number;
}

/** A signal that never aborts, with a deadline two minutes from now (the default consent timeout, on the test's clock). */
export const twoMinutes = (): Until => ({ signal: new AbortController().signal, deadline: Date.now() + 120_000 });

/** A consent sheet put to `requests` the way a host's consent UI puts one: `allow`/`deny`, `dismiss` unanswered. */
export function askConsent(requests: ConsoleRequests, scope = 'photos.read', app = 'acme.album', until = twoMinutes()): Promise<'allow' | 'deny' | 'dismiss'> {
  return requests.ask<'allow' | 'deny' | 'dismiss'>({
    kind: 'consent',
    app,
    ...until,
    fields: { scope, title: 'Photos', text: 'wants your photos', why: '<b>why</b>' },
    parse: (answer) => {
      const reply = (answer as { reply?: unknown } | null)?.reply;
      return reply === 'allow' || reply === 'deny' ? reply : { refused: 'reply must be "allow" or "deny"' };
    },
    fallback: 'dismiss',
  });
}

/** A photo picker of `photos` (id → path) put to `requests`: at most `limit` distinct ids of the list, `[]` unanswered. */
export function askPhotos(
  requests: ConsoleRequests,
  photos: readonly { id: string; path: string }[],
  limit: number,
  until = twoMinutes(),
): Promise<readonly string[]> {
  const files = new Map(photos.map((photo) => [photo.id, photo.path]));
  return requests.ask<readonly string[]>({
    kind: 'photos',
    app: 'acme.album',
    ...until,
    fields: { limit, photos: photos.map((photo) => ({ id: photo.id, name: `${photo.id}.png`, takenAt: null })) },
    files,
    parse: (answer) => {
      const ids = (answer as { photoIds?: unknown } | null)?.photoIds;
      if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string' && files.has(id)))
        return { refused: 'photoIds must be ids of the list' };
      if (new Set(ids).size !== ids.length || ids.length > limit) return { refused: `at most ${limit} distinct ids` };
      return ids;
    },
    fallback: [],
  });
}
