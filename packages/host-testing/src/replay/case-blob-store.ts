import type { Catalog } from '@xcap/catalog';
import { MemoryBlobStore, encodeBase64, type BlobStore } from '@xcap/bridge';

/** One write the bridge made to a case's blob store, in the cases' `puts` shape (`app` only when it was not the context's app). */
export interface RecordedPut {
  readonly name: string;
  readonly mimeType: string;
  readonly base64: string;
  readonly app?: string;
}

/** A case's blob store and what was done to it. */
export interface CaseBlobStore {
  /** The store the bridge gets. */
  readonly blobs: BlobStore;
  /** The memory behind it (to read stored files back). */
  readonly memory: MemoryBlobStore;
  /** Every `put`, in order. */
  readonly puts: RecordedPut[];
  /** Every `remove` (the bridge's roll-back), in order. */
  readonly removed: string[];
}

/**
 * A fresh blob store for one bridge or pdf case: the document's `v1.blobs`
 * plus the case's own blobs (base64), seeded for the `v1.context` app; new
 * ids count from `blob-1`; every put and remove recorded.
 */
export function caseBlobStore(catalog: Catalog, caseBlobs: Readonly<Record<string, string>>): CaseBlobStore {
  const app = catalog.v1.context.app;
  const memory = new MemoryBlobStore();
  for (const [fileId, base64] of Object.entries({ ...catalog.v1.blobs, ...caseBlobs })) memory.seed(app, fileId, Buffer.from(base64, 'base64'));
  const puts: RecordedPut[] = [];
  const removed: string[] = [];
  const blobs: BlobStore = {
    get: (forApp, fileId) => memory.get(forApp, fileId),
    put: (forApp, name, mimeType, bytes) => {
      const base64 = encodeBase64(bytes);
      puts.push(forApp === app ? { name, mimeType, base64 } : { name, mimeType, base64, app: forApp });
      return memory.put(forApp, name, mimeType, bytes);
    },
    remove: (forApp, fileId) => {
      removed.push(fileId);
      memory.remove(forApp, fileId);
    },
  };
  return { blobs, memory, puts, removed };
}
