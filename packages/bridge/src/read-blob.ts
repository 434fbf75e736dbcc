import type { BlobStore, StoredBlob } from './blob-store.js';
import { bridgeReasons } from './bridge-reasons.js';

/** An app file read for a call, or the isError reason that replaces it. */
export type BlobRead = { readonly ok: true; readonly blob: StoredBlob } | { readonly ok: false; readonly reason: string };

/**
 * Reads one of the app's files through the host's store without trusting
 * it: no file → `notFound: <fileId>`; a store that throws, rejects or
 * answers something without a `Uint8Array` of bytes → `storeFailed`.
 */
export async function readBlob(blobs: BlobStore, app: string, fileId: string): Promise<BlobRead> {
  let found: unknown;
  try {
    found = await blobs.get(app, fileId);
  } catch {
    return { ok: false, reason: bridgeReasons.storeFailed };
  }
  if (found === undefined || found === null) return { ok: false, reason: `notFound: ${fileId}` };
  try {
    const bytes: unknown = (found as StoredBlob).bytes;
    if (!(bytes instanceof Uint8Array)) return { ok: false, reason: bridgeReasons.storeFailed };
    const name: unknown = (found as StoredBlob).name;
    const mimeType: unknown = (found as StoredBlob).mimeType;
    return {
      ok: true,
      blob: {
        bytes,
        ...(typeof name === 'string' ? { name } : {}),
        ...(typeof mimeType === 'string' ? { mimeType } : {}),
      },
    };
  } catch {
    return { ok: false, reason: bridgeReasons.storeFailed };
  }
}
