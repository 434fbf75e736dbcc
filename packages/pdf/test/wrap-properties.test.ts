import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfBlock } from '../src/index.js';
import { table } from './fixture.js';
import { expectSameWords, expectedWords, pageOperators } from './read-pdf.js';

const winAnsiDecoding = new Map(Object.entries(table.winAnsi).map(([point, code]) => [code, Number(point)]));
const fontWidths = { F1: table.widths[table.fonts.F1] as readonly number[], F2: table.widths[table.fonts.F2] as readonly number[] };

/** Undoes the string escaping of a `Tj` operand: answers the WinAnsi bytes. */
function unescape(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch !== '\\') {
      bytes.push(ch.charCodeAt(0));
    } else if (/[0-7]/.test(text[i + 1] ?? '')) {
      bytes.push(parseInt(text.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push((text[++i] as string).charCodeAt(0));
    }
  }
  return bytes;
}

const character = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('a', 'b', 'x', 'W', 'i', 'm', '1', '.', ',') },
  { weight: 4, arbitrary: fc.constantFrom(' ', '  ', '\n', '\t') },
  { weight: 2, arbitrary: fc.constantFrom('(', ')', '\\', 'é', 'ÿ', '\u00a0', '€', '—', '…', 'Œ') },
  { weight: 1, arbitrary: fc.constantFrom('\u0001', '\u0085', '😀', 'Ω', '\r') },
);
const text = fc.array(character, { maxLength: 400 }).map((cs) => cs.join(''));
const longWord = fc.integer({ min: 80, max: 400 }).map((n) => 'x'.repeat(n));
const block: fc.Arbitrary<PdfBlock> = fc.oneof(
  { weight: 5, arbitrary: text.map((t) => ({ text: t })) },
  { weight: 2, arbitrary: text.filter((t) => t.length > 0).map((t) => ({ heading: t })) },
  { weight: 1, arbitrary: longWord.map((t) => ({ text: `a ${t} b` })) },
  { weight: 1, arbitrary: fc.constant({ pageBreak: true as const }) },
);

describe('layout properties (random documents)', () => {
  it('every line fits, wrapping is greedy, the words come out in order, a line below the first on a page never crosses the bottom margin', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 30 }), (blocks) => {
        const args = { title: 'P', blocks };
        const result = renderPdf(args, {}, { table });
        if ('error' in result) throw new Error(result.error);
        const pages = pageOperators(result.bytes);
        expect(pages.length).toBe(result.pages);
        const words: string[] = [];
        for (const page of pages) {
          let last = Infinity;
          for (const op of page) {
            const m = /^BT \/(F[12]) (\d+) Tf 56 (-?[\d.]+) Td \((.*)\) Tj ET$/s.exec(op);
            expect(m).not.toBeNull();
            const [, font, size, y, operand] = m as unknown as [string, 'F1' | 'F2', string, string, string];
            const bytes = unescape(operand);
            const sum = bytes.reduce((n, b) => n + (fontWidths[font][b] as number), 0);
            expect(sum * Number(size)).toBeLessThanOrEqual(483000);
            expect(bytes[0]).not.toBe(0x20);
            expect(bytes.at(-1)).not.toBe(0x20);
            expect(Number(y)).toBeLessThan(last);
            if (last !== Infinity) expect(Number(y) + Number(size) - (font === 'F2' ? 24 : 15)).toBeGreaterThanOrEqual(56);
            last = Number(y);
            const decoded = String.fromCodePoint(...bytes.map((b) => winAnsiDecoding.get(b) ?? b));
            words.push(...decoded.split(/\s+/).filter(Boolean));
          }
        }
        expectSameWords(words, expectedWords(args, table));
        const again = renderPdf(args, {}, { table });
        expect('bytes' in again && Buffer.from(again.bytes).equals(Buffer.from(result.bytes))).toBe(true);
      }),
      { numRuns: 150, seed: 20260 },
    );
  });
});
