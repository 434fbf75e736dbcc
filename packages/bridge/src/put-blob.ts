import type { BlobStore } from './blob-store.js';

/**
 * Writes one app file through the host's store without trusting it:
 * answers the new fileId, or `null` when the store threw, rejected or
 * answered something that is not a non-empty string.
 */
export async function putBlob(blobs: BlobStore, app: string, name: string, mimeType: string, bytes: Uint8Array): Promise<string | null> {
  try {
    const fileId: unknown = await blobs.put(app, name, mimeType, bytes);
    return typeof fileId === 'string' && fileId !== '' ? fileId : null;
  } catch {
    return null;
  }
}
