/**
 * Issue 19: a photo or folder file swapped, between the scan and the read,
 * for a symbolic link (to `/dev/zero`, to a secret) or a FIFO. A worker
 * keeps swapping `a.jpg` while the photos and files providers (and the
 * bridge in front of them) are called: every call answers within a bound,
 * nothing but the real photo's bytes is ever handed over, and memory stays
 * bounded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bridgeCall, MemoryBlobStore } from '@xcap/bridge';
import { catalog, type NativeResult } from '@xcap/catalog';
import { createFilesProvider } from '../../src/providers/files-provider.js';
import { nameHash } from '../../src/providers/photo-order.js';
import { createPhotosProvider } from '../../src/providers/photos-provider.js';
import { nodeProviders } from '../../src/providers/node-providers.js';
import { startSwapper, within, type FileSwapper, type Intruder } from './file-swapper.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { tempDir } from './provider-test-kit.js';

const raceMs = 1000;
const callMs = 3000;
const maxBytes = 1024 * 1024;
const marker = 'TOP-SECRET-7f3a9c';
const real = jpegWithExif({ dateTimeOriginal: '2026:01:01 10:00:00', offsetTimeOriginal: '+00:00' });
const photoId = `ph-${nameHash('a.jpg')}`;

let swapper: FileSwapper | undefined;
afterEach(async () => {
  await swapper?.stop();
  swapper = undefined;
});

function secretFile(): string {
  const path = join(tempDir(), 'secret.txt');
  writeFileSync(path, `${marker}\nroot:x:0:0:root:/root:/bin/bash\n`);
  return path;
}

const intruders: [string, () => Intruder][] = [
  ['a symbolic link to /dev/zero', () => ({ link: '/dev/zero' })],
  ['a symbolic link to a secret file', () => ({ link: secretFile() })],
  ['a FIFO', () => 'fifo'],
];

/** Tallies what a race's calls answered, failing at once on a late answer or on bytes that are not the real photo's. */
class Tally {
  readonly errors = new Map<string, number>();
  served = 0;
  #baseline = process.memoryUsage().arrayBuffers;
  maxGrowth = 0;

  data(base64: string, what: string): void {
    const bytes = Buffer.from(base64, 'base64');
    expect(bytes.includes(marker), `${what} handed over the secret`).toBe(false);
    expect(bytes.length, `${what} handed over more than maxBytes`).toBeLessThanOrEqual(maxBytes);
    expect(bytes.equals(real), `${what} handed over bytes that are not the photo's`).toBe(true);
    this.served++;
  }

  error(text: string): void {
    expect(text).not.toContain(marker);
    expect(text).toMatch(/^(notFound|unreadable: a\.jpg )/);
    const word = text.replace(/\(.*\)$/, '').trim();
    this.errors.set(word, (this.errors.get(word) ?? 0) + 1);
  }

  memory(): void {
    this.maxGrowth = Math.max(this.maxGrowth, process.memoryUsage().arrayBuffers - this.#baseline);
    expect(this.maxGrowth).toBeLessThan(64 * 1024 * 1024);
  }

  refused(): number {
    return [...this.errors.entries()].filter(([word]) => word.startsWith('unreadable')).reduce((sum, [, n]) => sum + n, 0);
  }
}

async function answer<T>(call: Promise<T>, what: string): Promise<T> {
  const got = await within(callMs, call);
  if (got === 'timeout') expect.fail(`${what} did not answer within ${callMs} ms`);
  return got;
}

function tally<T>(result: NativeResult<T>, tallyOf: Tally, each: (out: T) => void): void {
  if ('isError' in result) tallyOf.error(result.isError);
  else each(result.structuredContent);
  tallyOf.memory();
}

async function race(work: () => Promise<void>): Promise<number> {
  const until = performance.now() + raceMs;
  let calls = 0;
  while (performance.now() < until) {
    await work();
    calls++;
  }
  return calls;
}

describe.each(intruders)('a.jpg swapped for %s while it is read', (label, intruder) => {
  it('photos get and pick: always answered in time, only the real photo handed over', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'b.jpg'), jpegWithExif({ dateTimeOriginal: '2025:01:01 10:00:00', offsetTimeOriginal: '+00:00' }));
    const photos = createPhotosProvider({ dir, maxBytes, rescanMs: 0 });
    swapper = startSwapper(dir, 'a.jpg', real, intruder());
    const seen = new Tally();
    const calls = await race(async () => {
      tally(await answer(photos.get({ id: photoId }), 'photos get'), seen, (out) => seen.data(out.photo.data, 'photos get'));
      tally(await answer(photos.pick({ limit: 50 }), 'photos pick'), seen, (out) => {
        for (const photo of out.photos) if (photo.name === 'a.jpg') seen.data(photo.data, 'photos pick');
      });
    });
    const swaps = await swapper.stop();
    console.info(
      `photos, ${label}: ${calls * 2} calls, ${swaps} swaps, ${seen.served} served the photo, refused ${seen.refused()}, errors ${JSON.stringify([...seen.errors])}, arrayBuffers grew at most ${(seen.maxGrowth / 1e6).toFixed(1)} MB`,
    );
    expect(swaps).toBeGreaterThan(100);
    expect(seen.served).toBeGreaterThan(0);
  }, 20_000);

  it('files open from the folder: always answered in time, only the real file handed over', async () => {
    const dir = tempDir();
    const files = createFilesProvider({ dir, maxBytes });
    swapper = startSwapper(dir, 'a.jpg', real, intruder());
    const seen = new Tally();
    const calls = await race(async () => {
      tally(await answer(files.open({ multiple: true }), 'files open'), seen, (out) => {
        for (const file of out.files) seen.data(file.data, 'files open');
      });
    });
    const swaps = await swapper.stop();
    console.info(
      `files, ${label}: ${calls} calls, ${swaps} swaps, ${seen.served} served the file, refused ${seen.refused()}, errors ${JSON.stringify([...seen.errors])}`,
    );
    expect(swaps).toBeGreaterThan(100);
    expect(seen.served).toBeGreaterThan(0);
  }, 20_000);
});

describe('through the bridge', () => {
  it('never stores the secret as an app file while a.jpg is swapped for a link to it', async () => {
    const photosDir = tempDir();
    const filesDir = tempDir();
    const node = nodeProviders({ photosDir, filesDir, maxBytes, env: { PATH: '/nonexistent' }, stateFile: join(tempDir(), 'n.json'), gdbus: null });
    const blobs = new MemoryBlobStore();
    const context = { app: 'acme.album', screens: ['albums'] };
    const providers = node.providers as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    const call = (tool: string, args: Record<string, unknown>) =>
      bridgeCall({
        catalog,
        tool,
        arguments: args,
        context,
        blobs,
        native: (input) => providers[tool.split('_')[0]!]![tool.slice(tool.indexOf('_') + 1)]!(input),
      });
    const secret = secretFile();
    const swappers = [startSwapper(photosDir, 'a.jpg', real, { link: secret }), startSwapper(filesDir, 'a.jpg', real, { link: secret })];
    let stored = 0;
    try {
      await race(async () => {
        for (const [tool, args] of [
          ['photos_get', { id: photoId }],
          ['files_open', { multiple: true }],
        ] as const) {
          const result = (await answer(call(tool, args), tool)).result as { structuredContent?: { photo?: { fileId: string }; files?: { fileId: string }[] } };
          const ids = [result.structuredContent?.photo?.fileId, ...(result.structuredContent?.files ?? []).map((f) => f.fileId)];
          for (const fileId of ids) {
            if (fileId === undefined) continue;
            const blob = blobs.get(context.app, fileId);
            expect(Buffer.from(blob!.bytes).includes(marker), `${tool} stored the secret`).toBe(false);
            expect(Buffer.from(blob!.bytes).equals(real)).toBe(true);
            stored++;
          }
        }
      });
    } finally {
      for (const s of swappers) await s.stop();
      node.close();
    }
    expect(stored).toBeGreaterThan(0);
    expect(readFileSync(join(photosDir, 'a.jpg')).equals(real)).toBe(true);
  }, 20_000);
});
