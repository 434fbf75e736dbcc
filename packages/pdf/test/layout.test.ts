import { describe, expect, it } from 'vitest';
import type { PdfTable } from '@xcap/catalog';
import { makeJpeg, makePng } from './images.js';
import { table } from './fixture.js';
import { parseTextOp, renderChecked, textOp } from './render-checked.js';

const helvetica = table.widths[table.fonts.F1] as readonly number[];
const helveticaBold = table.widths[table.fonts.F2] as readonly number[];
const widthOf = (text: string, widths: readonly number[]): number => [...text].reduce((sum, ch) => sum + (widths[ch.charCodeAt(0)] as number), 0);
const lines = (n: number, prefix = 'l'): string => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join('\n');

describe('headings', () => {
  it('a heading on an empty page starts at the top (no gap)', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ heading: 'H' }] });
    expect(ops).toEqual([[textOp('F2', 18, 768, 'H')]]);
  });

  it('a heading after content gets its 12-point gap', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: 'a' }, { heading: 'H' }, { text: 'b' }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, 'a'), textOp('F2', 18, 735, 'H'), textOp('F1', 11, 714, 'b')]]);
  });

  it('two headings: the second one gets the gap, the 4 points after each apply', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ heading: 'A' }, { heading: 'B' }] });
    expect(ops).toEqual([[textOp('F2', 18, 768, 'A'), textOp('F2', 18, 728, 'B')]]);
  });

  it('a heading after an empty text: the page has no content yet, so no gap, but the cursor moved', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: '' }, { heading: 'H' }] });
    expect(ops).toEqual([[textOp('F2', 18, 747, 'H')]]);
  });

  it('a long heading wraps with Helvetica-Bold widths at 18 points, 24 apart', async () => {
    const heading = Array.from({ length: 30 }, (_, i) => `Word${i}`).join(' ');
    const { ops } = await renderChecked({ title: 'T', blocks: [{ heading }] });
    const parsed = (ops[0] ?? []).map((op) => parseTextOp(op));
    expect(parsed.length).toBeGreaterThan(1);
    parsed.forEach((line, i) => {
      expect(line?.font).toBe('F2');
      expect(line?.y).toBe(768 - 24 * i);
      expect(widthOf(line?.text ?? '', helveticaBold) * 18).toBeLessThanOrEqual(483000);
      const next = parsed[i + 1];
      if (next) expect(widthOf(`${line?.text} ${next.text.split(' ')[0]}`, helveticaBold) * 18).toBeGreaterThan(483000);
    });
    expect(parsed.map((l) => l?.text).join(' ')).toBe(heading);
  });
});

describe('page breaks', () => {
  it('a page break on an empty page does nothing', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ pageBreak: true }, { text: 'a' }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, 'a')]]);
  });

  it('two page breaks in a row make one new page', async () => {
    const { ops } = await renderChecked({
      title: 'T',
      blocks: [{ text: 'a' }, { pageBreak: true }, { pageBreak: true }, { text: 'b' }],
    });
    expect(ops).toEqual([[textOp('F1', 11, 775, 'a')], [textOp('F1', 11, 775, 'b')]]);
  });

  it('a trailing page break leaves no empty last page', async () => {
    const { result } = await renderChecked({ title: 'T', blocks: [{ text: 'a' }, { pageBreak: true }] });
    expect(result.pages).toBe(1);
  });

  it('a document with no drawing at all is one empty page', async () => {
    const a = await renderChecked({ title: 'T', blocks: [{ pageBreak: true }] });
    expect(a.ops).toEqual([[]]);
    expect(a.parsed.contents).toEqual(['']);
    const b = await renderChecked({ title: 'T', blocks: [{ text: '' }, { text: '   ' }] });
    expect(b.ops).toEqual([[]]);
  });
});

describe('line fitting (sum × size ≤ width × 1000, exactly)', () => {
  it('a word of width sum 43909 (× 11 = 482999) fits; one more character breaks it', async () => {
    const word = `${'x'.repeat(86)}*||`;
    expect(widthOf(word, helvetica)).toBe(43909);
    const fits = await renderChecked({ title: 'T', blocks: [{ text: word }] });
    expect(fits.ops).toEqual([[textOp('F1', 11, 775, word)]]);
    const over = await renderChecked({ title: 'T', blocks: [{ text: `${word}i` }] });
    expect(over.ops).toEqual([[textOp('F1', 11, 775, word), textOp('F1', 11, 760, 'i')]]);
  });

  it('two words whose line (space included) sums to 43909 share a line; a third goes down', async () => {
    const first = `${'x'.repeat(43)}*||`;
    const second = `${'x'.repeat(42)}i`;
    expect(widthOf(`${first} ${second}`, helvetica)).toBe(43909);
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: `${first}   ${second} i` }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, `${first} ${second}`), textOp('F1', 11, 760, 'i')]]);
  });

  it('a line whose sum × size equals the limit exactly fits (a 484-point content width)', async () => {
    const wide: PdfTable = { ...table, page: [596, 842] };
    const word = 'x'.repeat(88);
    expect(widthOf(word, helvetica) * 11).toBe(484000);
    const fits = await renderChecked({ title: 'T', blocks: [{ text: `${word} ` }] }, new Map(), wide);
    expect(fits.ops).toEqual([[textOp('F1', 11, 775, word)]]);
    expect(fits.parsed.pageDicts[0]).toContain('/MediaBox [0 0 596 842]');
    const over = await renderChecked({ title: 'T', blocks: [{ text: `${word}x` }] }, new Map(), wide);
    expect(over.ops).toEqual([[textOp('F1', 11, 775, word), textOp('F1', 11, 760, 'x')]]);
  });

  it('a long word after a short one: the line is flushed, full-width prefixes follow, the remainder takes later words', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: `ab ${'x'.repeat(150)} cd` }] });
    expect(87 * 500 * 11).toBeLessThanOrEqual(483000);
    expect(88 * 500 * 11).toBeGreaterThan(483000);
    expect(ops).toEqual([[textOp('F1', 11, 775, 'ab'), textOp('F1', 11, 760, 'x'.repeat(87)), textOp('F1', 11, 745, `${'x'.repeat(63)} cd`)]]);
  });

  it('a word of exactly two full lines leaves a full-width remainder that later words cannot join', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: `${'x'.repeat(174)} y` }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, 'x'.repeat(87)), textOp('F1', 11, 760, 'x'.repeat(87)), textOp('F1', 11, 745, 'y')]]);
  });

  it('paragraphs split on \\n, an empty paragraph is an empty line, runs of spaces are one', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: '  a   b  \n\n\nc' }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, 'a b'), textOp('F1', 11, 730, 'c')]]);
  });
});

describe('the bottom margin', () => {
  const top = [{ heading: 'H' }, { text: 'a' }, { text: 'b' }] as const;

  it('a line whose y − leading lands exactly on 56 stays on the page', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [...top, { text: lines(44) }] });
    expect(ops.length).toBe(1);
    expect(ops[0]?.at(-1)).toBe(textOp('F1', 11, 60, 'l44'));
  });

  it('one more line (below 56) goes to a new page', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [...top, { text: lines(45) }] });
    expect(ops.length).toBe(2);
    expect(ops[0]?.at(-1)).toBe(textOp('F1', 11, 60, 'l44'));
    expect(ops[1]).toEqual([textOp('F1', 11, 775, 'l45')]);
  });

  it('48 lines fill a fresh page; an empty line then opens an empty page where the cursor keeps moving', async () => {
    const only = await renderChecked({ title: 'T', blocks: [{ text: `${lines(48)}\n` }] });
    expect(only.ops.length).toBe(1);
    expect(only.ops[0]?.at(-1)).toBe(textOp('F1', 11, 70, 'l48'));
    const next = await renderChecked({ title: 'T', blocks: [{ text: `${lines(48)}\n` }, { text: 'z' }] });
    expect(next.ops).toEqual([only.ops[0], [textOp('F1', 11, 754, 'z')]]);
  });

  it('an image ending exactly on 56 stays; one point taller moves to a new page', async () => {
    const files = new Map([
      ['fits', makePng({ width: 10, height: 709 }).png],
      ['tall', makePng({ width: 10, height: 710 }).png],
    ]);
    const a = await renderChecked({ title: 'T', blocks: [{ text: 'a' }, { image: 'fits' }] }, files);
    expect(a.ops).toEqual([[textOp('F1', 11, 775, 'a'), 'q 10 0 0 709 56 56 cm /Im1 Do Q']]);
    const b = await renderChecked({ title: 'T', blocks: [{ text: 'a' }, { image: 'tall' }] }, files);
    expect(b.ops).toEqual([[textOp('F1', 11, 775, 'a')], ['q 10 0 0 710 56 76 cm /Im1 Do Q']]);
  });

  it('an image on an empty page is never moved, even below the margin after empty lines', async () => {
    const files = new Map([['big', makePng({ width: 10, height: 730 }).png]]);
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: '' }, { image: 'big' }] }, files);
    expect(ops).toEqual([['q 10 0 0 730 56 35 cm /Im1 Do Q']]);
  });
});

describe('images and captions', () => {
  it('non-integer sizes and positions print rounded to 2 decimals', async () => {
    const files = new Map([['p', makePng({ width: 1000, height: 333 }).png]]);
    const { ops } = await renderChecked({ title: 'T', blocks: [{ image: 'p', caption: 'cap' }, { text: 'after' }] }, files);
    expect(ops).toEqual([['q 483 0 0 160.84 56 625.16 cm /Im1 Do Q', textOp('F1', 9, '612.16', 'cap'), textOp('F1', 11, '592.16', 'after')]]);
  });

  it('a wide image is scaled to the content width, a tall one to the content height', async () => {
    const files = new Map([
      ['wide', makePng({ width: 966, height: 100 }).png],
      ['tall', makePng({ width: 100, height: 1460 }).png],
      ['huge', makeJpeg({ width: 4830, height: 7300, components: 1 })],
      ['small', makePng({ width: 3, height: 2 }).png],
    ]);
    const { ops, parsed } = await renderChecked({ title: 'T', blocks: [{ image: 'wide' }, { image: 'tall' }, { image: 'huge' }, { image: 'small' }] }, files);
    expect(ops).toEqual([
      ['q 483 0 0 50 56 736 cm /Im1 Do Q'],
      ['q 50 0 0 730 56 56 cm /Im2 Do Q'],
      ['q 483 0 0 730 56 56 cm /Im3 Do Q'],
      ['q 3 0 0 2 56 784 cm /Im4 Do Q'],
    ]);
    expect(parsed.objects[5]?.dict).toContain('/Width 966 /Height 100 ');
  });

  it('a caption wraps in F1 9/12 lines, 4 points under the image', async () => {
    const caption = Array.from({ length: 60 }, (_, i) => `caption${i}`).join(' ');
    const files = new Map([['p', makePng({ width: 10, height: 10 }).png]]);
    const { ops } = await renderChecked({ title: 'T', blocks: [{ image: 'p', caption }] }, files);
    const page = ops[0] ?? [];
    expect(page[0]).toBe('q 10 0 0 10 56 776 cm /Im1 Do Q');
    const captionLines = page.slice(1).map((op) => parseTextOp(op));
    expect(captionLines.length).toBeGreaterThan(2);
    captionLines.forEach((line, i) => {
      expect(line).toMatchObject({ font: 'F1', size: 9, y: 763 - 12 * i });
      expect(widthOf(line?.text ?? '', helvetica) * 9).toBeLessThanOrEqual(483000);
      const next = captionLines[i + 1];
      if (next) expect(widthOf(`${line?.text} ${next.text.split(' ')[0]}`, helvetica) * 9).toBeGreaterThan(483000);
    });
    expect(captionLines.map((l) => l?.text).join(' ')).toBe(caption);
  });

  it('a file used on two pages is one XObject named in both pages, page dictionaries list images in number order', async () => {
    const files = new Map([
      ['a', makePng({ width: 4, height: 4 }).png],
      ['b', makePng({ width: 5, height: 5, colorType: 0 }).png],
    ]);
    const { parsed } = await renderChecked(
      { title: 'T', blocks: [{ image: 'a' }, { pageBreak: true }, { image: 'b' }, { image: 'a' }, { image: 'b' }] },
      files,
    );
    expect(parsed.objects.length).toBe(5 + 2 + 2 * 2);
    expect(parsed.pageDicts).toEqual([
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 9 0 R >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /XObject << /Im1 6 0 R /Im2 7 0 R >> >> /Contents 11 0 R >>',
    ]);
  });
});

describe('long documents', () => {
  it('many pages: every line inside the margins, y falling on each page, page objects in order', async () => {
    const paragraph = 'The lake was still in the morning and we walked along the shore until the light came over the hills, then sat on the jetty.';
    const blocks = Array.from({ length: 300 }, (_, i) => (i % 10 === 0 ? { heading: `Part ${i / 10}` } : { text: paragraph }));
    const { result, ops, parsed } = await renderChecked({ title: 'Many pages', blocks });
    expect(result.pages).toBeGreaterThanOrEqual(10);
    expect(parsed.objects.length).toBe(5 + 2 * result.pages);
    for (const page of ops) {
      let last = Infinity;
      for (const op of page) {
        const line = parseTextOp(op);
        expect(line).toBeDefined();
        const bottom = (line?.y ?? 0) + (line?.size ?? 0);
        expect(line?.y).toBeLessThan(last);
        expect(line?.y).toBeLessThanOrEqual(786 - (line?.size ?? 0));
        expect(bottom - (line?.font === 'F2' ? 24 : 15)).toBeGreaterThanOrEqual(56);
        last = line?.y ?? 0;
      }
    }
  });
});
