import type { NativeContext, NativeResult, PhotosGetNativeOutput, PhotosPickNativeOutput, PhotosProvider } from '@xcap/catalog';
import { clampLimit } from './clamp-limit.js';
import { neverThrows } from './never-throws.js';
import { noDeadline } from './no-deadline.js';
import type { LibraryPhoto } from './library-photo.js';
import { decodePhotoCursor, encodePhotoCursor } from './photo-cursor.js';
import { PhotoLibrary, type OrderedPhoto } from './photo-library.js';
import { comparePhotoOrder } from './photo-order.js';
import { errorText, FileRefusal, readUntrustedFile } from '@xcap/wire/node';
import { sniffPhoto } from './sniff-photo.js';

/**
 * The person's choice in a photo picker: the ids of the chosen `candidates`
 * (the whole library, newest first), at most `limit`; an empty list when
 * they cancel. It may be async; a rejection answers isError `pickerFailed`.
 * `context` is the call's `NativeContext` (the provider always passes it;
 * optional so that a hook can be called on its own): when its signal aborts
 * (the bridge's timeout, the client cancelled) the picker closes; whatever
 * it answers after that counts as a cancel (no photo is handed over).
 */
export type PhotoPicker = (candidates: readonly LibraryPhoto[], limit: number, context?: NativeContext) => readonly string[] | Promise<readonly string[]>;

/** What `createPhotosProvider` serves. */
export interface PhotosProviderOptions {
  /** The library's folder: its top-level JPEG and PNG files. */
  readonly dir: string;
  /** The picker behind `photos_pick` (default `newestPhotos`: no person asked, the newest `limit` photos). */
  readonly picker?: PhotoPicker;
  /** A photo bigger than this many bytes is not handed over (isError `tooLarge`); default 64 MiB. At most this many bytes + 1 are ever read. */
  readonly maxBytes?: number;
  /**
   * How long one scan of the folder is reused while the folder itself is
   * unchanged, in ms (default 1000): photos added, removed or renamed are
   * seen at once, a file rewritten in place under the same name within this
   * time. `0` scans on every call.
   */
  readonly rescanMs?: number;
}

/** The picker for automation: no one is asked, the newest `limit` photos of the library are chosen. */
export const newestPhotos: PhotoPicker = (candidates, limit) => candidates.slice(0, limit).map((photo) => photo.id);

const defaultMaxBytes = 64 * 1024 * 1024;

type PhotoWithData = PhotosGetNativeOutput['photo'];

/**
 * The photos provider of a folder-backed library (see `PhotoLibrary`):
 * `list` pages newest first with a cursor that names a position in the
 * order (a cursor it did not write answers isError `invalidCursor`); `get`
 * answers isError `notFound` for an id that is not a photo of the folder
 * now; `pick` asks `picker`. A photo's bytes are read once from the file
 * the scan read (`readUntrustedFile`): a link, FIFO or device swapped in
 * meanwhile, or another file, answers isError `unreadable: …`, a photo over
 * `maxBytes` `tooLarge: …`. It never throws: an unreadable folder answers
 * isError `unavailable: …`.
 */
export function createPhotosProvider(options: PhotosProviderOptions): PhotosProvider {
  const library = new PhotoLibrary(options.dir, options.rescanMs === undefined ? {} : { rescanMs: options.rescanMs });
  const picker = options.picker ?? newestPhotos;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;

  const withData = async (photo: OrderedPhoto): Promise<PhotoWithData | string> => {
    const bytes = await readPhotoBytes(photo, maxBytes);
    if (typeof bytes === 'string') return bytes;
    return { id: photo.id, name: photo.name, mimeType: photo.mimeType, takenAt: photo.takenAt, data: bytes.toString('base64') };
  };

  return neverThrows<PhotosProvider>({
    async list(input) {
      const after = input.cursor === undefined ? null : decodePhotoCursor(input.cursor);
      if (input.cursor !== undefined && after === null) return { isError: 'invalidCursor' };
      const photos = await readLibrary(library);
      if (typeof photos === 'string') return { isError: photos };
      const limit = clampLimit(input.limit, 50, 100);
      const start = after === null ? 0 : firstAfter(photos, after);
      const page = photos.slice(start, start + limit);
      const last = page.at(-1);
      const more = start + page.length < photos.length;
      return {
        structuredContent: {
          photos: page.map(({ id, name, mimeType, takenAt }) => ({ id, name, mimeType, takenAt })),
          cursor: more && last !== undefined ? encodePhotoCursor(last.key) : null,
        },
      };
    },

    async get(input) {
      let photo;
      try {
        photo = await library.find(input.id);
      } catch (error) {
        return { isError: unreadable(error) };
      }
      if (photo === undefined) return { isError: 'notFound' };
      const answer = await withData(photo);
      return typeof answer === 'string' ? { isError: answer } : { structuredContent: { photo: answer } };
    },

    async pick(input, context = noDeadline): Promise<NativeResult<PhotosPickNativeOutput>> {
      const photos = await readLibrary(library);
      if (typeof photos === 'string') return { isError: photos };
      const limit = clampLimit(input.limit, 1, 50);
      let chosen: readonly string[];
      try {
        chosen = await picker(
          photos.map(({ key: _key, source: _source, ...photo }) => photo),
          limit,
          context,
        );
      } catch (error) {
        if (context.signal.aborted) return { structuredContent: { photos: [] } };
        return { isError: `pickerFailed: ${errorText(error)}` };
      }
      // An answer after the abort is refused: the person was no longer asked.
      if (context.signal.aborted) return { structuredContent: { photos: [] } };
      if (!Array.isArray(chosen)) return { isError: 'pickerFailed: the picker did not answer a list of ids' };
      const byId = new Map(photos.map((photo) => [photo.id, photo]));
      const picked: PhotoWithData[] = [];
      for (const id of new Set(chosen)) {
        if (picked.length === limit) break;
        const photo = typeof id === 'string' ? byId.get(id) : undefined;
        if (photo === undefined) return { isError: 'pickerFailed: the picker chose a photo that is not in the library' };
        const answer = await withData(photo);
        if (answer === 'notFound') continue;
        if (typeof answer === 'string') return { isError: answer };
        picked.push(answer);
      }
      return { structuredContent: { photos: picked } };
    },
  });
}

function firstAfter(photos: readonly OrderedPhoto[], after: OrderedPhoto['key']): number {
  let low = 0;
  let high = photos.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (comparePhotoOrder(photos[mid]!.key, after) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

async function readLibrary(library: PhotoLibrary): Promise<OrderedPhoto[] | string> {
  try {
    return await library.photos();
  } catch (error) {
    return unreadable(error);
  }
}

function unreadable(error: unknown): string {
  return `unavailable: the photo folder cannot be read (${errorText(error)})`;
}

/**
 * The bytes of `photo`, read with `readUntrustedFile` from the file the scan
 * read: a link, a FIFO or a device swapped in since answers `unreadable`,
 * another file renamed over it, or bytes that are no longer the photo type
 * the scan saw, answer `unreadable: … changed since the folder was read`.
 */
async function readPhotoBytes(photo: OrderedPhoto, maxBytes: number): Promise<Buffer | string> {
  const read = await readUntrustedFile(photo.source.path, { maxBytes });
  if (read instanceof FileRefusal) return read.reason === 'notFound' ? 'notFound' : read.message(photo.name);
  if (read.stats.dev !== photo.source.dev || read.stats.ino !== photo.source.ino || sniffPhoto(read.bytes) !== photo.mimeType)
    return `unreadable: ${photo.name} changed since the folder was read`;
  return read.bytes;
}
