/**
 * The app-file store the bridge reads `fileId`s from and writes returned
 * bytes to. Every method takes the app id: one app can never read another
 * app's file.
 */

/** One stored app file: its bytes and what is known about them. */
export interface StoredBlob {
  readonly bytes: Uint8Array;
  readonly name?: string;
  readonly mimeType?: string;
}

/** What a host's blob store offers the bridge; each method may answer synchronously or with a promise. */
export interface BlobStore {
  /** The app's file with that id, or `undefined` when the app has none by that id. */
  get(app: string, fileId: string): StoredBlob | undefined | Promise<StoredBlob | undefined>;
  /** Stores a new file for the app and answers its new `fileId`. */
  put(app: string, name: string, mimeType: string, bytes: Uint8Array): string | Promise<string>;
  /**
   * Optional: removes one of the app's files. The bridge calls it only to
   * roll back the files of an answer it could not store completely.
   */
  remove?(app: string, fileId: string): void | Promise<void>;
}
