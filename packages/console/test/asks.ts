import { askConsent as askConsentOf } from '../src/ask-consent.js';
import { askPhotos as askPhotosOf } from '../src/ask-photos.js';
import type { ConsoleRequests } from '../src/console-requests.js';

/** The call path's signal and deadline of one request, as a test hands them over. */
export interface Until {
  readonly signal: AbortSignal;
  readonly deadline: number;
  /** A sheet's `detached` signal, when the test gives one. */
  readonly detached?: AbortSignal;
}

/** A signal that never aborts, with a deadline two minutes from now (the default consent timeout, on the test's clock). */
export const twoMinutes = (): Until => ({ signal: new AbortController().signal, deadline: Date.now() + 120_000 });

/** Who asks in these tests: an agent over an HTTP token. */
export const agent = { name: 'Claude Desktop', version: '1.2', via: 'token laptop' } as const;
/** The agent's audit clientId. */
export const agentKey = 'token:laptop';

/** A consent sheet put to `requests` the way a host's consent UI puts one (`askConsent`): `allow`/`deny`, `dismiss` unanswered. */
export function askConsent(
  requests: ConsoleRequests,
  scope = 'photos.read',
  app = 'acme.album',
  until = twoMinutes(),
  key: string = agentKey,
): Promise<'allowOnce' | 'allow' | 'deny' | 'dismiss'> {
  return askConsentOf(requests, {
    app,
    agent,
    agentKey: key,
    scope,
    sheet: { title: 'Photos', text: 'This app wants to see your photos. <b>why</b>' },
    why: '<b>why</b>',
    tool: 'photos_list',
    toolDescription: 'Lists the photos of the library.',
    arguments: [{ name: 'limit', value: '20' }],
    ...until,
  });
}

/** A photo picker of `photos` (id → path) put to `requests` (`askPhotos`): at most `limit` distinct ids of the list, `[]` unanswered. */
export function askPhotos(
  requests: ConsoleRequests,
  photos: readonly { id: string; path: string }[],
  limit: number,
  until = twoMinutes(),
  key: string = agentKey,
): Promise<readonly string[]> {
  return askPhotosOf(requests, {
    app: 'acme.album',
    agent,
    agentKey: key,
    limit,
    photos: photos.map((photo) => ({ ...photo, name: `${photo.id}.png`, takenAt: null })),
    ...until,
  });
}
