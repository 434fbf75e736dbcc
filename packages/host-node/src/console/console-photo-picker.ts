import type { PhotoPicker } from '../providers/photos-provider.js';
import { askPhotos, type ConsoleAsker } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleWho } from './console-who.js';

/**
 * The console's photo picker: `askPhotos` of `@xcap/console` with `limit`
 * and the library's photos, newest first (the first
 * `consoleLimits.maxPhotos`), whose thumbnails the console serves for this
 * request only, naming the call's agent (`consoleWho`); `[]` = Cancel, and
 * so is no answer before the call's signal aborts. Refused because too many
 * requests of its agent wait, it rejects: the call fails, unlike a Cancel.
 */
export function consolePhotoPicker(requests: ConsoleAsker, app: string): PhotoPicker {
  return (candidates, limit, context = noDeadline) =>
    askPhotos(requests, { app, limit, photos: candidates, ...consoleWho(context), signal: context.signal, deadline: context.deadline });
}
