process.env.TZ = 'America/New_York';

import { mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NativeResult, PhotosListNativeOutput, PhotosProvider } from '@xcap/catalog';
import { createPhotosProvider, newestPhotos } from '../../src/providers/photos-provider.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { pngWithExif } from './png-with-exif.js';
import { nativeOutputProblem, tempDir } from './provider-test-kit.js';

function put(dir: string, name: string, bytes: Uint8Array, mtime?: string): void {
  writeFileSync(join(dir, name), bytes);
  if (mtime !== undefined) utimesSync(join(dir, name), new Date(mtime), new Date(mtime));
}

function structured<T>(answer: NativeResult<T>): T {
  if ('isError' in answer) throw new Error(`isError: ${answer.isError}`);
  return answer.structuredContent;
}

async function listAll(photos: PhotosProvider, limit: number): Promise<PhotosListNativeOutput['photos']> {
  const out: PhotosListNativeOutput['photos'] = [];
  let cursor: string | null = null;
  do {
    const page: PhotosListNativeOutput = structured(await photos.list({ limit, ...(cursor === null ? {} : { cursor }) }));
    expect(nativeOutputProblem('photos_list', page)).toBeNull();
    out.push(...page.photos);
    cursor = page.cursor;
  } while (cursor !== null);
  return out;
}

/** The sample library: EXIF dates with and without an offset, a PNG with eXIf, mtime-only files, and things that are not photos. */
function sampleLibrary(): string {
  const dir = tempDir();
  put(dir, 'offset.jpg', jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00', offsetTimeOriginal: '+02:00' }), '2020-01-01T00:00:00Z');
  put(dir, 'local.JPEG', jpegWithExif({ dateTimeOriginal: '2026:11:03 08:00:00' }), '2020-01-01T00:00:00Z');
  put(dir, 'summer.jpg', jpegWithExif({ dateTimeOriginal: '2026:07:01 12:00:00' }), '2020-01-01T00:00:00Z');
  put(dir, 'exif.png', pngWithExif({ dateTimeOriginal: '2026:10:01 09:30:00', offsetTimeOriginal: '-07:00' }), '2020-01-01T00:00:00Z');
  put(dir, 'plain.png', pngWithExif(), '2026-10-15T12:00:00.750Z');
  put(dir, 'blank-exif.jpg', jpegWithExif({ dateTimeOriginal: '0000:00:00 00:00:00' }), '2019-05-05T05:05:05Z');
  put(dir, 'not-a-photo.jpg', Buffer.from('just text'));
  put(dir, 'notes.txt', Buffer.from('hello'));
  put(dir, '.hidden.jpg', jpegWithExif({ dateTimeOriginal: '2027:01:01 00:00:00' }));
  mkdirSync(join(dir, 'sub'));
  put(join(dir, 'sub'), 'nested.jpg', jpegWithExif({ dateTimeOriginal: '2027:01:01 00:00:00' }));
  symlinkSync(join(dir, 'offset.jpg'), join(dir, 'link.jpg'));
  return dir;
}

describe('createPhotosProvider: list', () => {
  it('lists the top-level JPEG and PNG files newest first, EXIF dates as RFC 3339, mtime only for the order', async () => {
    const photos = createPhotosProvider({ dir: sampleLibrary() });
    const all = await listAll(photos, 50);
    expect(all.map((p) => [p.name, p.mimeType, p.takenAt])).toEqual([
      ['local.JPEG', 'image/jpeg', '2026-11-03T08:00:00-05:00'],
      ['offset.jpg', 'image/jpeg', '2026-11-01T10:00:00+02:00'],
      ['plain.png', 'image/png', null],
      ['exif.png', 'image/png', '2026-10-01T09:30:00-07:00'],
      ['summer.jpg', 'image/jpeg', '2026-07-01T12:00:00-04:00'],
      ['blank-exif.jpg', 'image/jpeg', null],
    ]);
    for (const photo of all) expect(photo.id).toMatch(/^ph-[0-9a-f]{32}$/);
  });

  it('breaks ties in time by name and gives the same ids to a new provider on the same folder', async () => {
    const dir = tempDir();
    for (const name of ['burst-c.jpg', 'burst-a.jpg', 'burst-b.jpg'])
      put(dir, name, jpegWithExif({ dateTimeOriginal: '2026:05:05 05:05:05', offsetTimeOriginal: '+00:00' }));
    const first = await listAll(createPhotosProvider({ dir }), 50);
    expect(first.map((p) => p.name)).toEqual(['burst-a.jpg', 'burst-b.jpg', 'burst-c.jpg']);
    expect(first.map((p) => p.takenAt)).toEqual(Array(3).fill('2026-05-05T05:05:05Z'));
    expect(await listAll(createPhotosProvider({ dir }), 1)).toEqual(first);
  });

  it('pages with a cursor: every photo once, in order, and null after the last page', async () => {
    const dir = tempDir();
    for (let i = 0; i < 23; i++) put(dir, `p${String(i).padStart(2, '0')}.png`, pngWithExif(), new Date(Date.UTC(2026, 0, 1 + (i % 7), i)).toISOString());
    const photos = createPhotosProvider({ dir });
    const whole = await listAll(photos, 100);
    expect(whole).toHaveLength(23);
    for (const limit of [1, 2, 5, 22, 23]) expect(await listAll(photos, limit)).toEqual(whole);
    const exact = structured(await photos.list({ limit: 23 }));
    expect(exact.cursor).toBeNull();
  });

  it('keeps paging stable while photos are added and removed between pages', async () => {
    const dir = tempDir();
    for (let i = 0; i < 10; i++)
      put(dir, `old-${i}.jpg`, jpegWithExif({ dateTimeOriginal: `2026:01:${String(10 + i).padStart(2, '0')} 12:00:00`, offsetTimeOriginal: '+00:00' }));
    const photos = createPhotosProvider({ dir });
    const page1 = structured(await photos.list({ limit: 4 }));
    expect(page1.photos.map((p) => p.name)).toEqual(['old-9.jpg', 'old-8.jpg', 'old-7.jpg', 'old-6.jpg']);
    put(dir, 'newer-1.jpg', jpegWithExif({ dateTimeOriginal: '2026:02:01 12:00:00', offsetTimeOriginal: '+00:00' }));
    put(dir, 'newer-2.jpg', jpegWithExif({ dateTimeOriginal: '2026:02:02 12:00:00', offsetTimeOriginal: '+00:00' }));
    rmSync(join(dir, 'old-6.jpg'));
    rmSync(join(dir, 'old-4.jpg'));
    put(dir, 'between.jpg', jpegWithExif({ dateTimeOriginal: '2026:01:13 18:00:00', offsetTimeOriginal: '+00:00' }));
    const page2 = structured(await photos.list({ limit: 4, cursor: page1.cursor! }));
    expect(page2.photos.map((p) => p.name)).toEqual(['old-5.jpg', 'between.jpg', 'old-3.jpg', 'old-2.jpg']);
    const page3 = structured(await photos.list({ limit: 4, cursor: page2.cursor! }));
    expect(page3.photos.map((p) => p.name)).toEqual(['old-1.jpg', 'old-0.jpg']);
    expect(page3.cursor).toBeNull();
    expect(structured(await photos.list({ limit: 2 })).photos.map((p) => p.name)).toEqual(['newer-2.jpg', 'newer-1.jpg']);
  });

  it('orders and pages names longer than the cursor keeps (same first 100 bytes) without losing any, cursors within 200 characters', async () => {
    const dir = tempDir();
    const stem = 'é'.repeat(60);
    const names = ['a', 'b', 'c', 'd', 'e'].map((tail) => `${stem}${tail}.jpg`);
    for (const name of names) put(dir, name, jpegWithExif({ dateTimeOriginal: '2026:03:03 03:03:03', offsetTimeOriginal: '+00:00' }));
    const photos = createPhotosProvider({ dir });
    const whole = await listAll(photos, 100);
    expect(whole.map((p) => p.name).sort()).toEqual([...names].sort());
    let cursor: string | null = null;
    const paged: string[] = [];
    do {
      const page: PhotosListNativeOutput = structured(await photos.list({ limit: 1, ...(cursor === null ? {} : { cursor }) }));
      if (page.cursor !== null) expect(page.cursor.length).toBeLessThanOrEqual(200);
      paged.push(...page.photos.map((p) => p.name));
      cursor = page.cursor;
    } while (cursor !== null);
    expect(paged).toEqual(whole.map((p) => p.name));
  });

  it('answers isError invalidCursor for a cursor it did not write, never throwing', async () => {
    const dir = tempDir();
    put(dir, 'a.jpg', jpegWithExif());
    put(dir, 'b.jpg', jpegWithExif());
    const photos = createPhotosProvider({ dir });
    const good = structured(await photos.list({ limit: 1 })).cursor!;
    const bad = [
      'x',
      'v1',
      'v1.1.YQ.zz',
      `${good}x`,
      good.replace('v1.', 'v2.'),
      'v1.01.YQ.' + '0'.repeat(32),
      'v1.1.YQ=.' + '0'.repeat(32),
      'v1.99999999999999999.YQ.' + '0'.repeat(32),
      '../../etc/passwd',
    ];
    for (const cursor of bad) expect(await photos.list({ limit: 1, cursor })).toEqual({ isError: 'invalidCursor' });
  });

  it('answers isError unavailable when the folder cannot be read', async () => {
    const photos = createPhotosProvider({ dir: join(tempDir(), 'missing') });
    const answer = await photos.list({ limit: 5 });
    expect(answer).toEqual({ isError: 'unavailable: the photo folder cannot be read (ENOENT)' });
    expect(await photos.pick({ limit: 1 })).toEqual(answer);
    expect(await photos.get({ id: 'ph-0123456789abcdef0123456789abcdef' })).toEqual(answer);
  });
});

describe('createPhotosProvider: get', () => {
  it('answers the photo with its bytes for a listed id', async () => {
    const dir = sampleLibrary();
    const photos = createPhotosProvider({ dir });
    const listed = structured(await photos.list({ limit: 50 })).photos;
    for (const ref of listed) {
      const got = structured(await photos.get({ id: ref.id }));
      expect(nativeOutputProblem('photos_get', got)).toBeNull();
      expect(got.photo).toEqual({ ...ref, data: readFileSync(join(dir, ref.name)).toString('base64') });
    }
  });

  it('answers notFound for ids that are not photos of the folder now, whatever they look like', async () => {
    const dir = sampleLibrary();
    const photos = createPhotosProvider({ dir });
    const offset = structured(await photos.list({ limit: 50 })).photos.find((p) => p.name === 'offset.jpg')!;
    rmSync(join(dir, 'offset.jpg'));
    const hostile = [
      offset.id,
      'offset.jpg',
      'local.JPEG',
      join(dir, 'local.JPEG'),
      '../../../etc/passwd',
      '/etc/passwd',
      'ph-../../x',
      'ph-0123456789abcdef0123456789abcdef',
      'PH-' + offset.id.slice(3),
      'sub/nested.jpg',
      '.hidden.jpg',
      'link.jpg',
      '\0',
    ];
    for (const id of hostile) expect(await photos.get({ id })).toEqual({ isError: 'notFound' });
  });

  it('refuses a photo bigger than maxBytes with tooLarge', async () => {
    const dir = tempDir();
    put(dir, 'big.png', pngWithExif());
    const photos = createPhotosProvider({ dir, maxBytes: 10 });
    const [ref] = structured(await photos.list({ limit: 1 })).photos;
    const answer = await photos.get({ id: ref!.id });
    expect('isError' in answer && answer.isError).toMatch(/^tooLarge: /);
  });
});

describe('createPhotosProvider: pick', () => {
  it('picks the newest limit photos by default (no person asked), with bytes', async () => {
    const dir = sampleLibrary();
    const photos = createPhotosProvider({ dir });
    const listed = structured(await photos.list({ limit: 50 })).photos;
    const picked = structured(await photos.pick({ limit: 2 }));
    expect(nativeOutputProblem('photos_pick', picked)).toBeNull();
    expect(picked.photos.map((p) => p.id)).toEqual(listed.slice(0, 2).map((p) => p.id));
    expect(picked.photos[0]!.data).toBe(readFileSync(join(dir, listed[0]!.name)).toString('base64'));
    expect(structured(await photos.pick({ limit: 50 })).photos).toHaveLength(listed.length);
  });

  it('asks the picker hook with every photo and the limit, and keeps its choice in its order (deduplicated, at most limit)', async () => {
    const dir = sampleLibrary();
    const seen: { names: string[]; limit: number }[] = [];
    const photos = createPhotosProvider({
      dir,
      picker: (candidates, limit) => {
        seen.push({ names: candidates.map((c) => c.name), limit });
        const byName = (name: string) => candidates.find((c) => c.name === name)!;
        expect(byName('exif.png').path).toBe(join(dir, 'exif.png'));
        return [byName('exif.png').id, byName('summer.jpg').id, byName('exif.png').id, byName('offset.jpg').id];
      },
    });
    const picked = structured(await photos.pick({ limit: 2 }));
    expect(picked.photos.map((p) => p.name)).toEqual(['exif.png', 'summer.jpg']);
    expect(seen).toEqual([{ names: ['local.JPEG', 'offset.jpg', 'plain.png', 'exif.png', 'summer.jpg', 'blank-exif.jpg'], limit: 2 }]);
  });

  it('answers an empty list when the picker is cancelled, and pickerFailed for a throwing or lying picker', async () => {
    const dir = sampleLibrary();
    expect(await createPhotosProvider({ dir, picker: () => [] }).pick({ limit: 3 })).toEqual({ structuredContent: { photos: [] } });
    expect(await createPhotosProvider({ dir, picker: async () => Promise.reject(new Error('dialog crashed')) }).pick({ limit: 3 })).toEqual({
      isError: 'pickerFailed: dialog crashed',
    });
    expect(await createPhotosProvider({ dir, picker: () => ['../../etc/passwd'] }).pick({ limit: 3 })).toEqual({
      isError: 'pickerFailed: the picker chose a photo that is not in the library',
    });
    expect(await createPhotosProvider({ dir, picker: () => 'x' as unknown as string[] }).pick({ limit: 3 })).toEqual({
      isError: 'pickerFailed: the picker did not answer a list of ids',
    });
  });

  it('exports the default picker: the first limit candidates', () => {
    const candidates = ['a', 'b', 'c'].map((id) => ({
      id,
      name: `${id}.jpg`,
      mimeType: 'image/jpeg' as const,
      takenAt: null,
      time: 0,
      path: `/x/${id}.jpg`,
      size: 1,
    }));
    expect(newestPhotos(candidates, 2)).toEqual(['a', 'b']);
  });
});
