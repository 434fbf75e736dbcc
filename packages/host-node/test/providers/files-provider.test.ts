import { readdirSync, readFileSync, mkdirSync, statSync, utimesSync, writeFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FilesOpenNativeOutput, NativeResult } from '@xcap/catalog';
import { acceptsFile } from '../../src/providers/accepts-file.js';
import { createFilesProvider, folderOpenPicker } from '../../src/providers/files-provider.js';
import { freeNameCandidates, saveFileName } from '../../src/providers/save-file-name.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { nativeOutputProblem, tempDir } from './provider-test-kit.js';

function put(dir: string, name: string, bytes: string | Uint8Array, mtime: string): void {
  writeFileSync(join(dir, name), bytes);
  utimesSync(join(dir, name), new Date(mtime), new Date(mtime));
}

function opened(answer: NativeResult<FilesOpenNativeOutput>): { name: string; mimeType: string; text: string }[] {
  if ('isError' in answer) throw new Error(`isError: ${answer.isError}`);
  expect(nativeOutputProblem('files_open', answer.structuredContent)).toBeNull();
  return answer.structuredContent.files.map((f) => ({ name: f.name, mimeType: f.mimeType, text: Buffer.from(f.data, 'base64').toString('latin1') }));
}

function folder(): string {
  const dir = tempDir();
  put(dir, 'rates.csv', 'EUR,1\n', '2026-01-03T00:00:00Z');
  put(dir, 'old.CSV', 'a,b\n', '2026-01-01T00:00:00Z');
  put(dir, 'photo.jpg', jpegWithExif(), '2026-01-02T00:00:00Z');
  put(dir, 'scan', '%PDF-1.4\n', '2026-01-04T00:00:00Z');
  put(dir, 'notes.txt', 'hi', '2026-01-05T00:00:00Z');
  put(dir, '.secret.csv', 'no', '2026-02-01T00:00:00Z');
  mkdirSync(join(dir, 'sub.csv'));
  return dir;
}

describe('createFilesProvider: open from the folder', () => {
  it('answers the newest matching file, or every match with multiple, typed by extension then bytes', async () => {
    const files = createFilesProvider({ dir: folder() });
    expect(opened(await files.open({ accept: ['.csv'], multiple: false }))).toEqual([{ name: 'rates.csv', mimeType: 'text/csv', text: 'EUR,1\n' }]);
    expect(opened(await files.open({ accept: ['text/csv'], multiple: true })).map((f) => f.name)).toEqual(['rates.csv', 'old.CSV']);
    expect(opened(await files.open({ accept: ['image/*', 'application/pdf'], multiple: true })).map((f) => [f.name, f.mimeType])).toEqual([
      ['scan', 'application/pdf'],
      ['photo.jpg', 'image/jpeg'],
    ]);
    expect(opened(await files.open({ multiple: true })).map((f) => f.name)).toEqual(['notes.txt', 'scan', 'rates.csv', 'photo.jpg', 'old.CSV']);
    expect(opened(await files.open({ accept: ['.docx'], multiple: true }))).toEqual([]);
  });

  it('leaves out files bigger than maxBytes, hidden files, folders and symbolic links', async () => {
    const dir = folder();
    symlinkSync('/etc/hostname', join(dir, 'link.csv'));
    const files = createFilesProvider({ dir, maxBytes: 5 });
    expect(opened(await files.open({ accept: ['csv'], multiple: true })).map((f) => f.name)).toEqual(['old.CSV']);
  });

  it('answers unavailable when the folder cannot be read', async () => {
    const files = createFilesProvider({ dir: join(tempDir(), 'gone') });
    expect(await files.open({ multiple: false })).toEqual({ isError: 'unavailable: the files folder cannot be read (ENOENT)' });
  });
});

describe('createFilesProvider: open through a picker hook', () => {
  it('hands the hook accept and multiple, reads what it chose (anywhere), at most one unless multiple', async () => {
    const dir = folder();
    const other = tempDir();
    put(other, 'b.json', '{}', '2026-01-01T00:00:00Z');
    const asked: unknown[] = [];
    const files = createFilesProvider({
      openPicker: (request) => {
        asked.push(request);
        return [join(other, 'b.json'), join(dir, 'rates.csv'), join(other, 'b.json')];
      },
    });
    expect(opened(await files.open({ accept: ['.json'], multiple: true }))).toEqual([
      { name: 'b.json', mimeType: 'application/json', text: '{}' },
      { name: 'rates.csv', mimeType: 'text/csv', text: 'EUR,1\n' },
    ]);
    expect(opened(await files.open({ multiple: false })).map((f) => f.name)).toEqual(['b.json']);
    expect(asked).toEqual([
      { accept: ['.json'], multiple: true },
      { accept: [], multiple: false },
    ]);
  });

  it('answers an empty list when cancelled and a clear isError for bad choices', async () => {
    const dir = folder();
    expect(await createFilesProvider({ openPicker: () => [] }).open({ multiple: true })).toEqual({ structuredContent: { files: [] } });
    expect(await createFilesProvider({ openPicker: () => ['relative.csv'] }).open({ multiple: true })).toEqual({
      isError: 'pickerFailed: the picker did not answer a list of absolute paths or listed files',
    });
    for (const bad of [
      { path: 'relative.csv', dev: 1, ino: 2 },
      { path: join(dir, 'notes.txt'), dev: 1 },
      { path: join(dir, 'notes.txt'), dev: 1, ino: '2' },
      null,
    ])
      expect(await createFilesProvider({ openPicker: () => [bad as never] }).open({ multiple: true })).toEqual({
        isError: 'pickerFailed: the picker did not answer a list of absolute paths or listed files',
      });
    expect(await createFilesProvider({ openPicker: () => Promise.reject(new Error('no display')) }).open({ multiple: true })).toEqual({
      isError: 'pickerFailed: no display',
    });
    expect(await createFilesProvider({ openPicker: () => [join(dir, 'missing.csv')] }).open({ multiple: true })).toEqual({
      isError: 'notFound: missing.csv (ENOENT)',
    });
    expect(await createFilesProvider({ openPicker: () => [join(dir, 'sub.csv')] }).open({ multiple: true })).toEqual({
      isError: 'unreadable: sub.csv is not a regular file (a folder)',
    });
    const big = await createFilesProvider({ openPicker: () => [join(dir, 'rates.csv')], maxBytes: 2 }).open({ multiple: true });
    expect(big).toEqual({ isError: 'tooLarge: rates.csv has 6 bytes, at most 2 are read' });
  });

  it('answers unavailable with neither a folder nor a picker', async () => {
    const files = createFilesProvider({});
    expect(await files.open({ multiple: false })).toEqual({ isError: 'unavailable' });
    expect(await files.save({ name: 'a.txt', mimeType: 'text/plain', data: 'aGk=' })).toEqual({ isError: 'unavailable' });
  });
});

describe('createFilesProvider: save into the folder', () => {
  it('writes the bytes under the given name, then under free names, never overwriting', async () => {
    const dir = tempDir();
    const files = createFilesProvider({ dir });
    const save = (name: string, text: string) => files.save({ name, mimeType: 'text/plain', data: Buffer.from(text).toString('base64') });
    expect(await save('notes.txt', 'one')).toEqual({ structuredContent: { saved: true } });
    expect(await save('notes.txt', 'two')).toEqual({ structuredContent: { saved: true } });
    expect(await save('notes.txt', 'three')).toEqual({ structuredContent: { saved: true } });
    expect(await save('README', 'r')).toEqual({ structuredContent: { saved: true } });
    expect(await save('README', 's')).toEqual({ structuredContent: { saved: true } });
    expect(readdirSync(dir).sort()).toEqual(['README', 'README (2)', 'notes (2).txt', 'notes (3).txt', 'notes.txt']);
    expect(['notes.txt', 'notes (2).txt', 'notes (3).txt'].map((n) => readFileSync(join(dir, n), 'utf8'))).toEqual(['one', 'two', 'three']);
  });

  it('keeps hostile names inside the folder and leaves no temporary files behind', async () => {
    const root = tempDir();
    const dir = join(root, 'out');
    mkdirSync(dir);
    const files = createFilesProvider({ dir });
    for (const name of ['../escape.txt', '/etc/passwd', '..', '.', 'a\0b.txt', '.bashrc', 'x/../../y', '  ', 'a\\b', 'line\nbreak']) {
      expect(await files.save({ name, mimeType: 'text/plain', data: 'aGk=' })).toEqual({ structuredContent: { saved: true } });
    }
    expect(readdirSync(root)).toEqual(['out']);
    expect(readdirSync(dir).sort()).toEqual(['-etc-passwd', '_', '_.', '_.-escape.txt', '_bashrc', 'a-b', 'a-b.txt', 'file', 'line-break', 'x-..-..-y'].sort());
  });

  it('saves two writers of the same name to two files at once', async () => {
    const dir = tempDir();
    const files = createFilesProvider({ dir });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => files.save({ name: 'same.txt', mimeType: 'text/plain', data: Buffer.from(`w${i}`).toString('base64') })),
    );
    expect(answers.every((a) => 'structuredContent' in a && a.structuredContent.saved)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(8);
    expect(
      readdirSync(dir)
        .map((n) => readFileSync(join(dir, n), 'utf8'))
        .sort(),
    ).toEqual(Array.from({ length: 8 }, (_, i) => `w${i}`).sort());
  });

  it('answers saveFailed when the folder is gone', async () => {
    const files = createFilesProvider({ dir: join(tempDir(), 'gone') });
    expect(await files.save({ name: 'a.txt', mimeType: 'text/plain', data: 'aGk=' })).toEqual({ isError: 'saveFailed: ENOENT' });
  });
});

describe('createFilesProvider: save through a picker hook', () => {
  it('writes where the person chose (replacing: their dialog asked), saved false when cancelled', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'chosen.txt'), 'old');
    const asked: unknown[] = [];
    const files = createFilesProvider({
      dir: tempDir(),
      savePicker: (request) => {
        asked.push(request);
        return request.name === 'cancel.txt' ? null : join(dir, 'chosen.txt');
      },
    });
    expect(await files.save({ name: 'x.txt', mimeType: 'text/plain', data: Buffer.from('new').toString('base64') })).toEqual({
      structuredContent: { saved: true },
    });
    expect(readFileSync(join(dir, 'chosen.txt'), 'utf8')).toBe('new');
    expect(await files.save({ name: 'cancel.txt', mimeType: 'text/plain', data: 'aGk=' })).toEqual({ structuredContent: { saved: false } });
    expect(asked).toEqual([
      { name: 'x.txt', mimeType: 'text/plain', size: 3 },
      { name: 'cancel.txt', mimeType: 'text/plain', size: 2 },
    ]);
    expect(readdirSync(dir)).toEqual(['chosen.txt']);
    expect(await createFilesProvider({ savePicker: () => 'rel.txt' }).save({ name: 'a', mimeType: 'text/plain', data: '' })).toEqual({
      isError: 'pickerFailed: the picker did not answer an absolute path or null',
    });
    expect(await createFilesProvider({ savePicker: () => join(dir, 'no', 'such', 'dir.txt') }).save({ name: 'a', mimeType: 'text/plain', data: '' })).toEqual({
      isError: 'saveFailed: ENOENT',
    });
  });
});

describe('file names and accept lists', () => {
  it('saveFileName makes names safe and short enough for a counter, keeping the extension', () => {
    expect(saveFileName('report.pdf')).toBe('report.pdf');
    expect(saveFileName('..')).toBe('_.');
    expect(saveFileName('')).toBe('file');
    const long = saveFileName(`${'ü'.repeat(200)}.txt`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255 - ' (9999)'.length);
    expect(long.endsWith('.txt')).toBe(true);
    const names = [...freeNameCandidates(long)];
    expect(names).toHaveLength(9999);
    expect(names.every((n) => Buffer.byteLength(n) <= 255)).toBe(true);
    expect(names.slice(0, 2)).toEqual([long, long.replace(/\.txt$/, ' (2).txt')]);
  });

  it('acceptsFile matches MIME types, families, extensions and wildcards, case-insensitively', () => {
    expect(acceptsFile([], 'a.bin', 'application/octet-stream')).toBe(true);
    expect(acceptsFile(['IMAGE/*'], 'a.png', 'image/png')).toBe(true);
    expect(acceptsFile(['image/*'], 'a.pdf', 'application/pdf')).toBe(false);
    expect(acceptsFile(['.CSV'], 'a.csv', 'text/csv')).toBe(true);
    expect(acceptsFile(['csv'], 'acsv', 'text/plain')).toBe(false);
    expect(acceptsFile(['*/*'], 'x', 'y/z')).toBe(true);
    expect(acceptsFile(['.'], 'a.', 'text/plain')).toBe(false);
  });

  it('folderOpenPicker answers the folder files as listed (absolute path, device, inode)', async () => {
    const dir = folder();
    const { dev, ino } = statSync(join(dir, 'notes.txt'));
    expect(await folderOpenPicker(dir)({ accept: ['.txt'], multiple: false })).toEqual([{ path: join(dir, 'notes.txt'), dev, ino }]);
  });
});
