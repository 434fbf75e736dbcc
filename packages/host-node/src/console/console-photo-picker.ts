import type { PhotoPicker } from '../providers/photos-provider.js';
import { consoleLimits, type ConsoleRequests, type PendingFields } from '@xcap/console';
import { stringList } from './string-list.js';
import { noDeadline } from '../providers/no-deadline.js';

/** The most photos a photo picker request lists (the newest ones). */
export const maxConsolePhotos = consoleLimits.maxPhotos;

/**
 * The console's photo picker: a `photos` request with `limit` and the
 * library's photos, newest first (at most `maxConsolePhotos`: id, name,
 * takenAt), whose thumbnails the console serves for this request only;
 * answered by `{ "photoIds": [...] }` — at most `limit` distinct ids of the
 * list, `[]` = Cancel. No answer before the call's signal aborts is Cancel.
 */
export function consolePhotoPicker(requests: ConsoleRequests, app: string): PhotoPicker {
  return (candidates, limit, context = noDeadline) => {
    const shown = candidates.slice(0, maxConsolePhotos);
    const files = new Map(shown.map((photo) => [photo.id, photo.path]));
    return requests.ask<readonly string[]>({
      kind: 'photos',
      app,
      signal: context.signal,
      deadline: context.deadline,
      fields: { limit, photos: shown.map((photo) => ({ id: photo.id, name: photo.name, takenAt: photo.takenAt })) } satisfies PendingFields<'photos'>,
      files,
      parse: (answer) => {
        const ids = stringList(answer, 'photoIds', limit);
        if (typeof ids === 'string') return { refused: ids };
        const stranger = ids.find((id) => !files.has(id));
        return stranger === undefined ? ids : { refused: `${JSON.stringify(stranger)} is not a photo of this request` };
      },
      fallback: [],
    });
  };
}
