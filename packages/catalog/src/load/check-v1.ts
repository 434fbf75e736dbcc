/** Checks the catalog's `v1` block: the app context, blobs and MIME table. */
import type { V1Data } from '../catalog-types.js';
import { isBase64 } from '../schema/index.js';
import { fail, pointerAppend, readArray, readObject, readRecord, readString, readText, readUnique } from './reader.js';

/** Validates `/v1` and returns it typed. */
export function checkV1(value: unknown): V1Data {
  const v1 = readObject(value, '/v1', ['context', 'blobs', 'blobIds', 'mimeByExtension']);
  const context = readObject(v1.context, '/v1/context', ['app', 'screens']);
  readText(context.app, '/v1/context/app');
  const seen = new Set<string>();
  readArray(context.screens, '/v1/context/screens').forEach((s, i) => {
    const p = `/v1/context/screens/${i}`;
    readUnique(seen, readText(s, p), p, 'screen');
  });
  const blobs = readRecord(v1.blobs, '/v1/blobs');
  for (const [id, data] of Object.entries(blobs)) {
    const p = pointerAppend('/v1/blobs', id);
    if (!isBase64(readString(data, p))) fail(p, 'is not base64');
  }
  readText(v1.blobIds, '/v1/blobIds');
  const mime = readRecord(v1.mimeByExtension, '/v1/mimeByExtension');
  for (const [ext, type] of Object.entries(mime)) {
    const p = pointerAppend('/v1/mimeByExtension', ext);
    if (!/^[a-z0-9]+$/.test(ext)) fail(p, 'extension must be lowercase letters and digits');
    readString(type, p, /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'a MIME type');
  }
  return v1 as unknown as V1Data;
}
