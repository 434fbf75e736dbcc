import type { Catalog, JsonObject, JsonValue } from '@xcap/catalog';
import { pointerToken } from '@xcap/catalog';
import { decodeBase64 } from './base64.js';
import type { BlobStore } from './blob-store.js';
import { bridgeReasons } from './bridge-reasons.js';
import { mimeTypeFor } from './mime-type-for.js';
import { putBlob } from './put-blob.js';

/** The structured content with its files stored, or the isError reason that replaces it. */
export type StoredResult = { readonly ok: true; readonly structuredContent: JsonObject } | { readonly ok: false; readonly reason: string };

interface PendingFile {
  readonly object: { [key: string]: JsonValue };
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

/**
 * The spec's STORE step: every object of a checked native result that
 * carries `data` (depth first, in document order: an object before the
 * objects inside it) is written to the app's files with `put(app, name,
 * mimeType, bytes)` and answered without `data`, with `size` and `fileId`
 * after its other keys. Every `data` is decoded (strict base64) before
 * anything is written, so bad bytes store nothing (`badResult: <pointer>
 * format`). A store that fails answers `storeFailed`, after removing what
 * this call had stored where the store can remove. `structuredContent` is
 * the bridge's own copy (`checkNativeResult`'s): once every file is stored
 * its objects are rewritten in place.
 */
export async function storeResultFiles(catalog: Catalog, blobs: BlobStore, app: string, structuredContent: JsonObject): Promise<StoredResult> {
  const pending: PendingFile[] = [];
  const problem = collect(catalog, structuredContent, '', pending);
  if (problem !== null) return { ok: false, reason: problem };
  if (pending.length === 0) return { ok: true, structuredContent };

  const written: string[] = [];
  for (const file of pending) {
    const fileId = await putBlob(blobs, app, file.name, file.mimeType, file.bytes);
    if (fileId === null) {
      await rollBack(blobs, app, written);
      return { ok: false, reason: bridgeReasons.storeFailed };
    }
    written.push(fileId);
  }
  pending.forEach(({ object, bytes }, i) => {
    delete object['data'];
    delete object['size'];
    delete object['fileId'];
    object['size'] = bytes.length;
    object['fileId'] = written[i] as string;
  });
  return { ok: true, structuredContent };
}

function collect(catalog: Catalog, value: JsonValue, pointer: string, pending: PendingFile[]): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = collect(catalog, value[i] as JsonValue, `${pointer}/${i}`, pending);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (Object.hasOwn(value, 'data')) {
    const data = value['data'];
    const dataPointer = `${pointer}/data`;
    if (typeof data !== 'string') return `badResult: ${dataPointer} type`;
    const bytes = decodeBase64(data);
    if (bytes === null) return `badResult: ${dataPointer} format`;
    const name = typeof value['name'] === 'string' && value['name'] !== '' ? value['name'] : 'file';
    const given = typeof value['mimeType'] === 'string' ? value['mimeType'] : undefined;
    pending.push({ object: value, name, mimeType: mimeTypeFor(catalog, { given, name, bytes }), bytes });
  }
  for (const key of Object.keys(value)) {
    if (key === 'data') continue;
    const problem = collect(catalog, value[key] as JsonValue, `${pointer}/${pointerToken(key)}`, pending);
    if (problem !== null) return problem;
  }
  return null;
}

async function rollBack(blobs: BlobStore, app: string, fileIds: readonly string[]): Promise<void> {
  for (const fileId of fileIds) {
    try {
      await blobs.remove?.(app, fileId);
    } catch {
      // A store that cannot remove keeps an orphan file; the call still answers storeFailed.
    }
  }
}
