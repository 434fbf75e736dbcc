import { describe, expect, it } from 'vitest';
import { defaultPdfName, renderPdf } from '../src/index.js';
import { table } from './fixture.js';
import { readWithPdfLib, readWithPdfjs } from './read-pdf.js';
import { renderChecked } from './render-checked.js';

describe('defaultPdfName', () => {
  for (const ch of ['/', '\\', ':', '*', '?', '"', '<', '>', '|']) {
    it(`replaces ${ch} with -`, () => {
      expect(defaultPdfName(`a${ch}b${ch}`)).toBe('a-b-.pdf');
    });
  }

  for (const [label, ch] of [
    ['NUL', '\u0000'],
    ['TAB', '\t'],
    ['LF', '\n'],
    ['US', '\u001f'],
    ['DEL', '\u007f'],
    ['NEL', '\u0085'],
    ['APC', '\u009f'],
  ] as const) {
    it(`replaces the control character ${label} with -`, () => {
      expect(defaultPdfName(`x${ch}y`)).toBe('x-y.pdf');
    });
  }

  it('keeps everything else, spaces, dots and characters outside Latin-1 included', () => {
    expect(defaultPdfName('Zoë – 😀. A\u00a0B\u00a1')).toBe('Zoë – 😀. A\u00a0B\u00a1.pdf');
  });
});

describe('name and title', () => {
  it('the given name wins over the default', () => {
    const result = renderPdf({ title: 'a/b', name: 'given.pdf', blocks: [{ text: 'x' }] }, {}, { table });
    expect('name' in result && result.name).toBe('given.pdf');
    const fallback = renderPdf({ title: 'a/b', blocks: [{ text: 'x' }] }, {}, { table });
    expect('name' in fallback && fallback.name).toBe('a-b.pdf');
  });

  it('a title outside the BMP is written as its UTF-16BE surrogate pair, in uppercase hex', async () => {
    const title = 'A😀é(\\)';
    const { parsed } = await renderChecked({ title, blocks: [{ text: 'x' }] });
    expect(parsed.objects[4]?.dict).toBe('<< /Title <FEFF0041D83DDE0000E90028005C0029> /Producer (Exponential Engine) >>');
    const lib = await readWithPdfLib(renderOk(title));
    expect(lib.title).toBe(title);
    const js = await readWithPdfjs(renderOk(title));
    expect(js.title).toBe(title);
  });
});

function renderOk(title: string): Uint8Array {
  const result = renderPdf({ title, blocks: [{ text: 'x' }] }, {}, { table });
  if ('error' in result) throw new Error(result.error);
  return result.bytes;
}
