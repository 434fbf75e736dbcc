import type { BlobStore, StoredBlob } from './blob-store.js';

/** One file as `MemoryBlobStore.list` describes it. */
export interface BlobListing {
  readonly fileId: string;
  readonly name?: string;
  readonly mimeType?: string;
  readonly size: number;
}

/**
 * A blob store in memory, for tests and for hosts that keep nothing:
 * files are kept per app, new ids are `blob-1`, `blob-2`, … counted per
 * store instance. Bytes are copied on the way in, so a caller that changes
 * its array afterwards does not change the stored file.
 */
export class MemoryBlobStore implements BlobStore {
  readonly #apps = new Map<string, Map<string, StoredBlob>>();
  #next = 1;

  /** The app's file with that id, or `undefined`. */
  get(app: string, fileId: string): StoredBlob | undefined {
    return this.#apps.get(app)?.get(fileId);
  }

  /** Stores a new file for the app and answers its id (`blob-<n>`). */
  put(app: string, name: string, mimeType: string, bytes: Uint8Array): string {
    const fileId = `blob-${this.#next++}`;
    this.#files(app).set(fileId, { bytes: Uint8Array.from(bytes), name, mimeType });
    return fileId;
  }

  /** Removes one of the app's files; an unknown id is ignored. */
  remove(app: string, fileId: string): void {
    this.#apps.get(app)?.delete(fileId);
  }

  /** Puts an existing file under a chosen id (replacing one by that id), for tests and start-up. */
  seed(app: string, fileId: string, bytes: Uint8Array, meta: { readonly name?: string; readonly mimeType?: string } = {}): void {
    this.#files(app).set(fileId, { bytes: Uint8Array.from(bytes), ...meta });
  }

  /** The app's files in the order they were stored (seeded or put). */
  list(app: string): BlobListing[] {
    const files = this.#apps.get(app);
    if (!files) return [];
    return [...files].map(([fileId, blob]) => ({
      fileId,
      ...(blob.name === undefined ? {} : { name: blob.name }),
      ...(blob.mimeType === undefined ? {} : { mimeType: blob.mimeType }),
      size: blob.bytes.length,
    }));
  }

  #files(app: string): Map<string, StoredBlob> {
    let files = this.#apps.get(app);
    if (!files) {
      files = new Map();
      this.#apps.set(app, files);
    }
    return files;
  }
}
