/** Checks the catalog's `v1` block: the app context, blobs and MIME table. */
import { isBase64 } from '../schema/index.js';
import type { Problems } from './problems.js';
import { fail, pointerAppend, readArray, readObject, readRecord, readString, readText, readUnique } from './reader.js';

/** Checks `/v1`, recording every problem. */
export function checkV1(problems: Problems, value: unknown): void {
  const v1 = readObject(problems, value, '/v1', ['context', 'blobs', 'blobIds', 'mimeByExtension']);
  problems.check(() => {
    const context = readObject(problems, v1.context, '/v1/context', ['app', 'screens']);
    problems.check(() => readText(context.app, '/v1/context/app'));
    const seen = new Set<string>();
    problems
      .check(() => readArray(context.screens, '/v1/context/screens'))
      ?.forEach((s, i) => {
        const p = `/v1/context/screens/${i}`;
        problems.check(() => readUnique(seen, readText(s, p), p, 'screen'));
      });
  });
  problems.check(() => {
    const blobs = readRecord(v1.blobs, '/v1/blobs');
    for (const [id, data] of Object.entries(blobs)) {
      const p = pointerAppend('/v1/blobs', id);
      problems.check(() => {
        if (!isBase64(readString(data, p))) fail(p, 'is not base64');
      });
    }
  });
  problems.check(() => readText(v1.blobIds, '/v1/blobIds'));
  problems.check(() => {
    const mime = readRecord(v1.mimeByExtension, '/v1/mimeByExtension');
    for (const [ext, type] of Object.entries(mime)) {
      const p = pointerAppend('/v1/mimeByExtension', ext);
      problems.check(() => {
        if (!/^[a-z0-9]+$/.test(ext)) fail(p, 'extension must be lowercase letters and digits');
        readString(type, p, /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'a MIME type');
      });
    }
  });
}
