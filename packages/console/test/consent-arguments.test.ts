import { describe, expect, it } from 'vitest';
import { consentArguments, cut, sizeInWords } from '../src/consent-arguments.js';
import { consoleLimits } from '../src/console-contract.js';

const report = { name: 'report.pdf', size: 12 * 1024, mimeType: 'application/pdf', pages: 3 };

describe('consentArguments: the arguments of a call as a consent sheet lists them', () => {
  it('lists each field as a name and a value: strings as they are, numbers and booleans as written, nested values as compact JSON', async () => {
    await expect(
      consentArguments({ title: 'Hi', body: 'line 1\nline 2', count: 3, urgent: false, none: null, tags: ['a', 'b'], at: { h: 1 } }, 'acme.album'),
    ).resolves.toEqual([
      { name: 'title', value: 'Hi' },
      { name: 'body', value: 'line 1\nline 2' },
      { name: 'count', value: '3' },
      { name: 'urgent', value: 'false' },
      { name: 'none', value: 'null' },
      { name: 'tags', value: '["a","b"]' },
      { name: 'at', value: '{"h":1}' },
    ]);
    await expect(consentArguments(undefined, 'acme.album')).resolves.toEqual([]);
    await expect(consentArguments({}, 'acme.album')).resolves.toEqual([]);
    await expect(consentArguments('just text', 'acme.album')).resolves.toEqual([{ name: 'value', value: 'just text' }]);
    await expect(consentArguments([1, 2], 'acme.album')).resolves.toEqual([{ name: 'value', value: '[1,2]' }]);
  });

  it('cuts a value at maxArgumentChars with …, a nested one too, and never splits a character', async () => {
    const max = consoleLimits.maxArgumentChars;
    const [atBound, pastBound, nested, emoji] = await consentArguments(
      { a: 'x'.repeat(max), b: 'x'.repeat(max + 1), c: { long: 'y'.repeat(max) }, d: '😀'.repeat(max + 1) },
      'acme.album',
    );
    expect(atBound?.value).toBe('x'.repeat(max));
    expect(pastBound?.value).toBe(`${'x'.repeat(max - 1)}…`);
    expect(Array.from(nested?.value ?? '')).toHaveLength(max);
    expect(nested?.value.endsWith('…')).toBe(true);
    expect(emoji?.value).toBe(`${'😀'.repeat(max - 1)}…`);
    expect(cut('abc', 3)).toBe('abc');
    expect(cut('abcd', 3)).toBe('ab…');
  });

  it('lists at most maxArguments fields and counts the rest in one last line', async () => {
    const max = consoleLimits.maxArguments;
    const many = Object.fromEntries(Array.from({ length: max + 2 }, (_, n) => [`k${n}`, n]));
    const lines = await consentArguments(many, 'acme.album');
    expect(lines).toHaveLength(max + 1);
    expect(lines.at(-1)).toEqual({ name: '…', value: '2 more arguments' });
    await expect(consentArguments(Object.fromEntries(Array.from({ length: max }, (_, n) => [`k${n}`, n])), 'acme.album')).resolves.toHaveLength(max);
    expect((await consentArguments(Object.fromEntries(Array.from({ length: max + 1 }, (_, n) => [`k${n}`, n])), 'acme.album')).at(-1)).toEqual({
      name: '…',
      value: '1 more argument',
    });
  });

  it('names a fileId by the file the host describes (name, type, size, pages), for that app; unknown or failing: said so', async () => {
    const asked: string[] = [];
    const describeFile = (fileId: string, app: string) => {
      asked.push(`${app}/${fileId}`);
      if (fileId === 'boom') throw new Error('disk');
      return fileId === 'f1' ? report : fileId === 'f2' ? { name: 'a.txt', size: 1 } : undefined;
    };
    await expect(consentArguments({ fileId: 'f1', name: 'Report' }, 'acme.album', describeFile)).resolves.toEqual([
      { name: 'fileId', value: 'report.pdf (application/pdf, 12 KB, 3 pages)' },
      { name: 'name', value: 'Report' },
    ]);
    await expect(consentArguments({ fileId: 'f2' }, 'acme.album', async (id, app) => describeFile(id, app))).resolves.toEqual([
      { name: 'fileId', value: 'a.txt (1 byte)' },
    ]);
    await expect(consentArguments({ fileId: 'nope' }, 'acme.album', describeFile)).resolves.toEqual([
      { name: 'fileId', value: 'a file this app does not have' },
    ]);
    await expect(consentArguments({ fileId: 'boom' }, 'acme.album', describeFile)).resolves.toEqual([
      { name: 'fileId', value: 'a file this app does not have' },
    ]);
    await expect(consentArguments({ fileId: 'f1' }, 'acme.album')).resolves.toEqual([{ name: 'fileId', value: 'f1' }]);
    expect(asked).toEqual(['acme.album/f1', 'acme.album/f2', 'acme.album/nope', 'acme.album/boom']);
  });

  it('says a size in words', () => {
    expect([0, 1, 1023, 1024, 10 * 1024, 1536 * 1024, 200 * 1024 * 1024, 3 * 1024 ** 3].map(sizeInWords)).toEqual([
      '0 bytes',
      '1 byte',
      '1023 bytes',
      '1.0 KB',
      '10 KB',
      '1.5 MB',
      '200 MB',
      '3.0 GB',
    ]);
  });
});
