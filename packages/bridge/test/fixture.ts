/** Test helpers: the fixture document, its catalog, a recording blob store and a recording fake native. */
import { readFileSync } from 'node:fs';
import type { BlobStore, StoredBlob } from '../src/blob-store.js';
import { MemoryBlobStore } from '../src/memory-blob-store.js';
import type { Catalog, JsonObject } from '@xcap/catalog';

/** The fixture document as parsed JSON. */
export const doc = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as Record<string, unknown> & {
  v1: { context: { app: string; screens: string[] }; blobs: Record<string, string> };
};

/** The fixture's catalog. */
export const catalog = doc as unknown as Catalog;

/** The fixture's app context. */
export const context = doc.v1.context;

/** Bytes of a base64 string. */
export function bytesOf(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** Base64 of bytes. */
export function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** One recorded `put`. */
export interface RecordedPut {
  readonly app: string;
  readonly name: string;
  readonly mimeType: string;
  readonly base64: string;
}

/** A memory store that records every put (and can be told to fail). */
export class RecordingStore implements BlobStore {
  readonly memory = new MemoryBlobStore();
  readonly puts: RecordedPut[] = [];
  readonly gets: { app: string; fileId: string }[] = [];

  get(app: string, fileId: string): StoredBlob | undefined | Promise<StoredBlob | undefined> {
    this.gets.push({ app, fileId });
    return this.memory.get(app, fileId);
  }

  put(app: string, name: string, mimeType: string, bytes: Uint8Array): string | Promise<string> {
    this.puts.push({ app, name, mimeType, base64: base64Of(bytes) });
    return this.memory.put(app, name, mimeType, bytes);
  }

  remove(app: string, fileId: string): void {
    this.memory.remove(app, fileId);
  }
}

/** A store seeded with the fixture's `v1.blobs` (plus `extra`, base64) for the fixture's app. */
export function seededStore(extra: Record<string, string> = {}): RecordingStore {
  const store = new RecordingStore();
  for (const [fileId, base64] of Object.entries({ ...doc.v1.blobs, ...extra })) store.memory.seed(context.app, fileId, bytesOf(base64));
  return store;
}

/** A fake native that records what it receives and answers `answer` (a value or a function of the arguments). */
export function fakeNative(answer: unknown): { calls: JsonObject[]; native: (args: JsonObject) => unknown } {
  const calls: JsonObject[] = [];
  return {
    calls,
    native: (args: JsonObject) => {
      calls.push(args);
      return typeof answer === 'function' ? (answer as (a: JsonObject) => unknown)(args) : answer;
    },
  };
}
