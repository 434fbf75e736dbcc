/**
 * The photo library's scan cache: a folder change (a photo added, removed or
 * renamed) is seen on the next call; a file rewritten in place under the same
 * name is seen once the scan is older than `rescanMs`.
 */
import { renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PhotoLibrary } from '../../src/providers/photo-library.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { tempDir } from './provider-test-kit.js';

const names = async (library: PhotoLibrary) => (await library.photos()).map((p) => p.name);

describe('PhotoLibrary scan cache', () => {
  it('sees a photo added, removed or renamed on the next call, however long the scan is trusted', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.jpg'), jpegWithExif({ dateTimeOriginal: '2026:01:01 00:00:00' }));
    const library = new PhotoLibrary(dir, { rescanMs: 3_600_000 });
    expect(await names(library)).toEqual(['a.jpg']);
    writeFileSync(join(dir, 'b.jpg'), jpegWithExif({ dateTimeOriginal: '2026:02:01 00:00:00' }));
    expect(await names(library)).toEqual(['b.jpg', 'a.jpg']);
    renameSync(join(dir, 'a.jpg'), join(dir, 'c.jpg'));
    expect(await names(library)).toEqual(['b.jpg', 'c.jpg']);
    rmSync(join(dir, 'b.jpg'));
    expect(await names(library)).toEqual(['c.jpg']);
  });

  it('sees a file rewritten in place once the scan is older than rescanMs, and at once with rescanMs 0', async () => {
    const dir = tempDir();
    const file = join(dir, 'a.jpg');
    writeFileSync(file, jpegWithExif({ dateTimeOriginal: '2026:01:01 00:00:00' }));
    writeFileSync(join(dir, 'b.jpg'), jpegWithExif({ dateTimeOriginal: '2026:02:01 00:00:00' }));
    const trusting = new PhotoLibrary(dir, { rescanMs: 50 });
    const eager = new PhotoLibrary(dir, { rescanMs: 0 });
    expect(await names(trusting)).toEqual(['b.jpg', 'a.jpg']);
    expect(await names(eager)).toEqual(['b.jpg', 'a.jpg']);
    const folderTime = new Date(Date.now() - 60_000);
    utimesSync(dir, folderTime, folderTime);
    await names(trusting);
    writeFileSync(file, jpegWithExif({ dateTimeOriginal: '2026:03:01 00:00:00' }));
    utimesSync(dir, folderTime, folderTime);
    expect(await names(eager)).toEqual(['a.jpg', 'b.jpg']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await names(trusting)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('shares one scan between concurrent calls and hands each caller its own array', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.jpg'), jpegWithExif({ dateTimeOriginal: '2026:01:01 00:00:00' }));
    const library = new PhotoLibrary(dir);
    const [one, two] = await Promise.all([library.photos(), library.photos()]);
    expect(one).not.toBe(two);
    expect(one).toEqual(two);
    one.pop();
    expect(await names(library)).toEqual(['a.jpg']);
  });
});
