import type { JsonObject } from '@xcap/catalog';
import type { NativeScript } from './native-script.js';
import { samplePhotos } from './sample-photos.js';

function limitOf(input: JsonObject, fallback: number): number {
  const limit = input['limit'];
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : fallback;
}

/**
 * Plausible natives for every native tool of the built-in catalog, answering
 * what a device would: the photos tools serve `samplePhotos` (pick and get
 * with bytes, list without), files_open opens one small CSV, files_save,
 * share_send and print_print succeed, notifications post and cancel, and
 * eDE's windows/focus/launch describe two windows. Each answer matches its
 * tool's `nativeOutputSchema`. Use them as a fake host's `natives` and
 * override single tools per test.
 */
export function sampleNatives(): Record<string, NativeScript> {
  const library = samplePhotos();
  const reference = ({ id, name, mimeType, takenAt }: (typeof library)[number]) => ({ id, name, mimeType, takenAt });
  return {
    photos_pick: (input) => ({ structuredContent: { photos: library.slice(0, limitOf(input, 1)).map((p) => ({ ...p })) } }),
    photos_list: (input) => ({ structuredContent: { photos: library.slice(0, limitOf(input, 50)).map(reference), cursor: null } }),
    photos_get: (input) => {
      const photo = library.find((p) => p.id === input['id']);
      return photo === undefined ? { isError: 'notFound' } : { structuredContent: { photo: { ...photo } } };
    },
    files_open: { structuredContent: { files: [{ name: 'rates.csv', mimeType: 'text/csv', data: Buffer.from('EUR,1\nUSD,1.08\n').toString('base64') }] } },
    files_save: { structuredContent: { saved: true } },
    share_send: { structuredContent: { shared: true } },
    print_print: { structuredContent: { printed: true } },
    notifications_post: { structuredContent: {} },
    notifications_cancel: { structuredContent: { cancelled: true } },
    windows_list: {
      structuredContent: {
        windows: [
          { id: 'w1', title: 'Album — Photos', app: 'acme.album', workspace: 0, focused: true, minimized: false },
          { id: 'w2', title: 'Calculator', app: 'org.gnome.Calculator', workspace: 1, focused: false, minimized: true },
        ],
      },
    },
    focus_window: (input) => ({ structuredContent: { focused: input['window'] === 'w1' || input['window'] === 'w2' } }),
    launch_app: { structuredContent: { launched: false } },
  };
}
