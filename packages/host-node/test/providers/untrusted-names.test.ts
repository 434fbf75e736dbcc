/**
 * Issue 19, file names the host did not choose: a photo whose name is not
 * UTF-8 is listed and read (not silently missing), and the bidirectional
 * controls U+202A–U+202E and U+2066–U+2069 never reach an app or a saved
 * file name.
 */
import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NativeResult } from '@xcap/catalog';
import { createFilesProvider } from '../../src/providers/files-provider.js';
import { createPhotosProvider } from '../../src/providers/photos-provider.js';
import { saveFileName } from '../../src/providers/save-file-name.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { nativeOutputProblem, tempDir } from './provider-test-kit.js';

function structured<T>(answer: NativeResult<T>): T {
  if ('isError' in answer) throw new Error(`isError: ${answer.isError}`);
  return answer.structuredContent;
}

const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('photo names that are not UTF-8', () => {
  it('lists them with U+FFFD for the broken bytes and an id from the raw bytes, and gets their bytes', async () => {
    const dir = tempDir();
    const latin1 = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from('.jpg')]);
    const other = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe8]), Buffer.from('.jpg')]);
    const bytesOf = new Map<string, Buffer>();
    for (const [raw, day] of [
      [latin1, '01'],
      [other, '02'],
    ] as const) {
      const jpeg = jpegWithExif({ dateTimeOriginal: `2026:03:${day} 10:00:00`, offsetTimeOriginal: '+00:00' });
      writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), raw]), jpeg);
      bytesOf.set(`ph-${createHash('sha256').update(raw).digest('hex').slice(0, 32)}`, jpeg);
    }
    writeFileSync(join(dir, 'plain.jpg'), jpegWithExif({ dateTimeOriginal: '2026:01:01 10:00:00', offsetTimeOriginal: '+00:00' }));
    const photos = createPhotosProvider({ dir });
    const listed = structured(await photos.list({ limit: 50 }));
    expect(nativeOutputProblem('photos_list', listed)).toBeNull();
    expect(listed.photos.map((p) => [p.name, p.takenAt])).toEqual([
      ['caf\ufffd.jpg', '2026-03-02T10:00:00Z'],
      ['caf\ufffd.jpg', '2026-03-01T10:00:00Z'],
      ['plain.jpg', '2026-01-01T10:00:00Z'],
    ]);
    expect(new Set(listed.photos.map((p) => p.id)).size).toBe(3);
    for (const [id, jpeg] of bytesOf) {
      const got = structured(await photos.get({ id }));
      expect(Buffer.from(got.photo.data, 'base64').equals(jpeg)).toBe(true);
    }
    const picked = structured(await photos.pick({ limit: 3 }));
    expect(picked.photos.map((p) => p.name)).toEqual(['caf\ufffd.jpg', 'caf\ufffd.jpg', 'plain.jpg']);
  });
});

describe('bidirectional controls in file names', () => {
  it('saveFileName replaces every bidi control, and keeps its other rules', () => {
    for (const control of bidi) expect(saveFileName(`invoice${control}fdp.exe`)).toBe('invoice-fdp.exe');
    expect(saveFileName('\u202e.bashrc')).toBe('-.bashrc');
    expect(saveFileName('a\u0000b/c\\d\u2069.txt')).toBe('a-b-c-d-.txt');
    expect(saveFileName('\u05e9\u05dc\u05d5\u05dd.txt')).toBe('\u05e9\u05dc\u05d5\u05dd.txt');
  });

  it('files_save into the folder writes no bidi control into the name', async () => {
    const dir = tempDir();
    const files = createFilesProvider({ dir });
    expect(await files.save({ name: 'report\u202Efdp.exe', mimeType: 'application/octet-stream', data: 'aGk=' })).toEqual({
      structuredContent: { saved: true },
    });
    expect(readdirSync(dir)).toEqual(['report-fdp.exe']);
  });

  it('files_open and photos answer names with the bidi controls shown as -', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'report\u202Efdp.exe'), 'hi');
    writeFileSync(join(dir, 'tab\there.txt'), 'ho');
    const opened = structured(await createFilesProvider({ dir }).open({ multiple: true }));
    expect(opened.files.map((f) => f.name).sort()).toEqual(['report-fdp.exe', 'tab-here.txt']);
    const hooked = structured(await createFilesProvider({ openPicker: () => [join(dir, 'report\u202Efdp.exe')] }).open({ multiple: false }));
    expect(hooked.files.map((f) => [f.name, Buffer.from(f.data, 'base64').toString()])).toEqual([['report-fdp.exe', 'hi']]);

    const photosDir = tempDir();
    const jpeg = jpegWithExif({ dateTimeOriginal: '2026:01:01 10:00:00', offsetTimeOriginal: '+00:00' });
    writeFileSync(join(photosDir, 'cat\u2067gpj.exe\u2069.jpg'), jpeg);
    const photos = createPhotosProvider({ dir: photosDir });
    const [photo] = structured(await photos.list({ limit: 1 })).photos;
    expect(photo!.name).toBe('cat-gpj.exe-.jpg');
    expect(Buffer.from(structured(await photos.get({ id: photo!.id })).photo.data, 'base64').equals(jpeg)).toBe(true);
  });
});
