import { askConsent as askConsentOf } from '../src/ask-consent.js';
import { askPhotos as askPhotosOf } from '../src/ask-photos.js';
import type { ConsoleRequests } from '../src/console-requests.js';

/** The call path's signal and deadline of one request, as a test hands them over. */
export interface Until {
  readonly signal: AbortSignal;
  readonly deadline: number;
}

/** A signal that never aborts, with a deadline two minutes from now (the default consent timeout, on the test's clock). */
export const twoMinutes = (): Until => ({ signal: new AbortController().signal, deadline: Date.now() + 120_000 });

/** A consent sheet put to `requests` the way a host's consent UI puts one (`askConsent`): `allow`/`deny`, `dismiss` unanswered. */
export function askConsent(
  requests: ConsoleRequests,
  scope = 'photos.read',
  app = 'acme.album',
  until = twoMinutes(),
  agentKey?: string,
): Promise<'allow' | 'deny' | 'dismiss'> {
  return askConsentOf(requests, {
    app,
    scope,
    sheet: { title: 'Photos', text: 'wants your photos' },
    why: '<b>why</b>',
    ...until,
    ...(agentKey === undefined ? {} : { agentKey }),
  });
}

/** A photo picker of `photos` (id → path) put to `requests` (`askPhotos`): at most `limit` distinct ids of the list, `[]` unanswered. */
export function askPhotos(
  requests: ConsoleRequests,
  photos: readonly { id: string; path: string }[],
  limit: number,
  until = twoMinutes(),
  agentKey?: string,
): Promise<readonly string[]> {
  return askPhotosOf(requests, {
    app: 'acme.album',
    limit,
    photos: photos.map((photo) => ({ ...photo, name: `${photo.id}.png`, takenAt: null })),
    ...until,
    ...(agentKey === undefined ? {} : { agentKey }),
  });
}
