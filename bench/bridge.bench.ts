/**
 * bridgeCall throughput on photos_pick with a fake native: a cancelled
 * picker (nothing stored), one small photo, and ten 64 KiB photos, beside
 * the argument validation alone and a native answer with bad base64
 * (checked, refused, nothing stored).
 */
import { readFileSync } from 'node:fs';
import type { Catalog } from '../packages/catalog/src/index.js';
import { bridgeCall, validateArguments } from '../packages/bridge/src/index.js';
import type { BlobStore } from '../packages/bridge/src/index.js';
import { isMain, measure, measureAsync, printTable } from './harness.js';
import type { BenchRow } from './harness.js';

const catalog = JSON.parse(readFileSync(new URL('../fixtures/capabilities.json', import.meta.url), 'utf8')) as Catalog;
const context = { app: 'acme.album', screens: ['albums', 'page'] };

/** A store that keeps nothing, so a long run does not grow memory. */
function discardingStore(): BlobStore {
  let next = 0;
  return { get: () => undefined, put: () => `blob-${++next}` };
}

function photo(index: number, data: string) {
  return { id: `ph-${index}`, name: `IMG_${index}.jpg`, mimeType: 'image/jpeg', takenAt: '2026-11-01T10:00:00Z', data };
}

function pickWith(answer: unknown, args: unknown = {}) {
  const blobs = discardingStore();
  const native = () => answer;
  return () => bridgeCall({ catalog, tool: 'photos_pick', arguments: args, context, blobs, native });
}

/** The benchmark rows: calls per second, and each bridged case against the validation alone. */
export async function run(): Promise<BenchRow[]> {
  const big = Buffer.alloc(64 * 1024, 7).toString('base64');
  const validate = measure(() => validateArguments(catalog, 'photos_pick', { limit: 10 }));
  const empty = await measureAsync(pickWith({ structuredContent: { photos: [] } }));
  const one = await measureAsync(pickWith({ structuredContent: { photos: [photo(1, 'aGk=')] } }));
  const ten = await measureAsync(pickWith({ structuredContent: { photos: Array.from({ length: 10 }, (_, i) => photo(i, big)) } }, { limit: 10 }));
  const refused = await measureAsync(pickWith({ structuredContent: { photos: [photo(1, 'a b')] } }));
  return [
    { name: 'validateArguments photos_pick', value: validate, unit: 'ops/s' },
    { name: 'bridgeCall photos_pick, cancelled', value: empty, unit: 'ops/s', note: `${(validate / empty).toFixed(1)}× the validation alone` },
    { name: 'bridgeCall photos_pick, 1 photo (2 B)', value: one, unit: 'ops/s', note: `${(empty / one).toFixed(2)}× slower than cancelled` },
    { name: 'bridgeCall photos_pick, 10 × 64 KiB', value: ten, unit: 'ops/s', note: `${((ten * 10 * 64) / 1024).toFixed(0)} MiB/s decoded and stored` },
    { name: 'bridgeCall photos_pick, bad base64', value: refused, unit: 'ops/s', note: 'badResult, nothing stored' },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
