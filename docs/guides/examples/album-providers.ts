/**
 * A host team's native providers, written against the generated
 * `HostProviders` interface: photos from an in-memory library and
 * notifications kept in a map. The host guide quotes the `providers` region.
 */
import { samplePhotos } from '@xcap/host-testing';
// #region providers
// From album-providers.ts: the whole file but its last lines (sampleLibrary(), host-testing's three test photos).
import type { HostProviders, NotificationsPostNativeInput } from '@xcap/catalog';

/** One photo of the host's library (bytes in base64, as the native answers them). */
export interface LibraryPhoto {
  readonly id: string;
  readonly name: string;
  readonly mimeType: string;
  readonly takenAt: string | null;
  readonly data: string;
}

/** The providers of a small host: photos, notifications and print; every other capability is simply not provided. */
export function createAlbumProviders(library: readonly LibraryPhoto[], posted = new Map<string, NotificationsPostNativeInput>()) {
  const meta = ({ id, name, mimeType, takenAt }: LibraryPhoto) => ({ id, name, mimeType, takenAt });
  return {
    photos: {
      // A real host shows its picker here; this one "picks" the newest photos.
      async pick({ limit }) {
        return { structuredContent: { photos: library.slice(0, limit).map((p) => ({ ...meta(p), data: p.data })) } };
      },
      async list({ limit, cursor }) {
        const start = cursor === undefined ? 0 : Number(cursor);
        const page = library.slice(start, start + limit);
        const next = start + limit < library.length ? String(start + limit) : null;
        return { structuredContent: { photos: page.map(meta), cursor: next } };
      },
      async get({ id }) {
        const photo = library.find((p) => p.id === id);
        if (photo === undefined) return { isError: `notFound: ${id}` };
        return { structuredContent: { photo: { ...meta(photo), data: photo.data } } };
      },
    },
    notifications: {
      async post(input) {
        posted.set(input.id, input); // ids arrive app-scoped: "<app>/<id>"
        return { structuredContent: {} };
      },
      async cancel({ id }) {
        return { structuredContent: { cancelled: posted.delete(id) } };
      },
    },
    // print_pdf runs in the engine; print_print needs a printer this host does not have.
    print: {
      async print() {
        return { isError: 'unavailable' };
      },
    },
  } satisfies HostProviders;
}
// #endregion providers

/** A library for the examples: host-testing's three real 240×160 PNGs. */
export function sampleLibrary(): readonly LibraryPhoto[] {
  return samplePhotos();
}
