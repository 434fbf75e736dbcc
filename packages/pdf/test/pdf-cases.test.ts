import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalog } from '@xcap/catalog';
import { renderPdf } from '../src/index.js';
import { caseFiles, fixture, table } from './fixture.js';
import { expectReadable, parsePdf } from './read-pdf.js';

describe('pdfCases (fixtures/capabilities.json)', () => {
  for (const pdfCase of fixture.pdfCases) {
    it(pdfCase.name, () => {
      const result = renderPdf(pdfCase.arguments, caseFiles(pdfCase), { table });
      const expected = pdfCase.expected;
      if ('isError' in expected) {
        expect(result).toEqual({ error: expected.isError });
        return;
      }
      if ('error' in result) throw new Error(result.error);
      expect(result.name).toBe(expected.name);
      expect(result.pages).toBe(expected.pages);
      expect(result.bytes.length).toBe(expected.size);
      expect(createHash('sha256').update(result.bytes).digest('hex')).toBe(expected.sha256);
    });
  }
});

describe('pdfCases read back by independent readers', () => {
  for (const pdfCase of fixture.pdfCases) {
    if ('isError' in pdfCase.expected) continue;
    const pages = pdfCase.expected.pages;
    it(pdfCase.name, async () => {
      const result = renderPdf(pdfCase.arguments, caseFiles(pdfCase), { table });
      if ('error' in result) throw new Error(result.error);
      expect(parsePdf(result.bytes).contents.length).toBe(pages);
      await expectReadable(result.bytes, pdfCase.arguments, pages, table);
    });
  }
});

describe('determinism', () => {
  for (const pdfCase of fixture.pdfCases) {
    if ('isError' in pdfCase.expected) continue;
    it(`${pdfCase.name}: two renders give the same bytes`, () => {
      const a = renderPdf(pdfCase.arguments, caseFiles(pdfCase), { table });
      const b = renderPdf(pdfCase.arguments, caseFiles(pdfCase), { table });
      if ('error' in a || 'error' in b) throw new Error('unexpected error');
      expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    });
  }
});

describe('the default table is the built-in catalog’s pdf', () => {
  it('catalog.pdf equals the fixture’s pdf table', () => {
    expect(catalog.pdf).toEqual(table);
  });

  for (const pdfCase of fixture.pdfCases) {
    it(`${pdfCase.name}: same answer without options`, () => {
      const result = renderPdf(pdfCase.arguments, caseFiles(pdfCase));
      const expected = pdfCase.expected;
      if ('isError' in expected) expect(result).toEqual({ error: expected.isError });
      else expect('bytes' in result && createHash('sha256').update(result.bytes).digest('hex')).toBe(expected.sha256);
    });
  }
});
