import type { PhotoPicker } from '../providers/photos-provider.js';
import { askPhotos, type ConsoleRequests } from '@xcap/console';
import { noDeadline } from '../providers/no-deadline.js';
import { consoleAgentKey } from './console-agent-key.js';

/**
 * The console's photo picker: `askPhotos` of `@xcap/console` with `limit`
 * and the library's photos, newest first (the first
 * `consoleLimits.maxPhotos`), whose thumbnails the console serves for this
 * request only; `[]` = Cancel, and so is no answer before the call's
 * signal aborts. Refused because too many requests of its agent
 * (`consoleAgentKey`) wait, it rejects: the call fails, unlike a Cancel.
 */
export function consolePhotoPicker(requests: ConsoleRequests, app: string): PhotoPicker {
  return (candidates, limit, context = noDeadline) =>
    askPhotos(requests, { app, agentKey: consoleAgentKey(context), limit, photos: candidates, signal: context.signal, deadline: context.deadline });
}
