import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/index.js';
import { table } from './fixture.js';
import { readWithPdfjs } from './read-pdf.js';
import { renderChecked, textOp } from './render-checked.js';

const octal = (code: number): string => `\\${code.toString(8).padStart(3, '0')}`;

describe('WinAnsi text', () => {
  const specials = Object.entries(table.winAnsi).map(([point, code]) => [Number(point), code] as const);

  it('the table names 27 code points, all mapped into 0x80–0x9F', () => {
    expect(specials.length).toBe(27);
    for (const [, code] of specials) expect(code >= 0x80 && code <= 0x9f).toBe(true);
  });

  it('every special character is written as the octal of its WinAnsi code, and reads back as itself', async () => {
    const text = specials.map(([point]) => String.fromCodePoint(point)).join(' ');
    const { ops } = await renderChecked({ title: 'Specials', blocks: [{ text }] });
    const written = specials.map(([, code]) => octal(code)).join(' ');
    expect(ops.flat().join(' ')).toContain(written.slice(0, 40));
    const joined = ops[0]?.map((op) => /\((.*)\) Tj ET$/.exec(op)?.[1]).join(' ');
    expect(joined).toBe(written);
    const js = await readWithPdfjs(renderPdfOk({ title: 'S', blocks: [{ text }] }));
    expect(js.words.join(' ')).toBe(text);
  });

  it('Latin-1 letters are themselves (octal above 0x7F); NBSP is not a word break', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: 'Café\u00a0au lait ÿ' }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, `Caf${octal(0xe9)}${octal(0xa0)}au lait ${octal(0xff)}`)]]);
  });

  it('controls are dropped, a tab is a space', async () => {
    const { ops } = await renderChecked({
      title: 'T',
      blocks: [{ text: 'a\u0000b\u0001c\u001fd\u007fe\u0080f\u0085g\u009fh\r\n1\t2\t\t3' }],
    });
    expect(ops).toEqual([[textOp('F1', 11, 775, 'abcdefgh'), textOp('F1', 11, 760, '1 2 3')]]);
  });

  it('what WinAnsi cannot encode is one ? per code point (a surrogate pair is one, a lone surrogate one)', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: 'Ω😀x \ud800y \udc00 Ǆ' }] });
    expect(ops).toEqual([[textOp('F1', 11, 775, '??x ?y ? ?')]]);
  });

  it('(, ) and \\ are escaped in strings', async () => {
    const { ops } = await renderChecked({ title: 'T', blocks: [{ heading: '(a) \\ b)' }] });
    expect(ops).toEqual([[textOp('F2', 18, 768, '\\(a\\) \\\\ b\\)')]]);
  });

  it('widths are measured on the mapped bytes (a ? is as wide as a ?)', () => {
    const wide = '😀'.repeat(100);
    const asked = renderPdfOk({ title: 'T', blocks: [{ text: wide }] });
    const plain = renderPdfOk({ title: 'T', blocks: [{ text: '?'.repeat(100) }] });
    expect(Buffer.from(asked).equals(Buffer.from(plain))).toBe(true);
  });
});

describe('custom tables', () => {
  it('a table may map a code point outside the BMP (one byte for its surrogate pair)', async () => {
    const custom = { ...table, winAnsi: { ...table.winAnsi, [String(0x1f600)]: 0x95 } };
    const { ops } = await renderChecked({ title: 'T', blocks: [{ text: 'a😀b 😁' }] }, new Map(), custom);
    expect(ops).toEqual([[textOp('F1', 11, 775, `a${octal(0x95)}b ?`)]]);
  });

  it('a malformed table is a TypeError naming what is wrong', () => {
    const shortWidths = { ...table, widths: { ...table.widths, Helvetica: [1, 2, 3] } };
    expect(() => renderPdf({ title: 'T', blocks: [{ text: 'a' }] }, {}, { table: shortWidths })).toThrow(
      'widths of "Helvetica" (F1) must be 256 non-negative numbers',
    );
    expect(() => renderPdf({ title: 'T', blocks: [{ text: 'b' }] }, {}, { table: shortWidths })).toThrow('widths of "Helvetica" (F1)');
    const badBold = { ...table, widths: { ...table.widths, 'Helvetica-Bold': [-1] } };
    expect(() => renderPdf({ title: 'T', blocks: [{ text: 'a' }] }, {}, { table: badBold })).toThrow('widths of "Helvetica-Bold" (F2)');
    const badCode = { ...table, winAnsi: { '8364': 7 } };
    expect(() => renderPdf({ title: 'T', blocks: [{ text: 'a' }] }, {}, { table: badCode })).toThrow('winAnsi entry "8364"');
  });
});

function renderPdfOk(args: Parameters<typeof renderPdf>[0]): Uint8Array {
  const result = renderPdf(args, new Map(), { table });
  if ('error' in result) throw new Error(result.error);
  return result.bytes;
}
