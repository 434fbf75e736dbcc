/**
 * Test helper: reads back the PDFs the writer makes. `parsePdf` walks the
 * file strictly by the spec's layout (objects back to back, exact xref
 * offsets, stream lengths); `readWithPdfjs` and `readWithPdfLib` hand the
 * bytes to two independent readers.
 */
import { expect } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFDocument } from 'pdf-lib';
import type { PdfTable } from '@xcap/catalog';
import type { PdfArguments } from '../src/index.js';
import { table as fixtureTable } from './fixture.js';

/** One object of a parsed file. */
export interface PdfObject {
  readonly number: number;
  readonly offset: number;
  /** The body's first line: a dictionary (for a stream, the stream's dictionary). */
  readonly dict: string;
  readonly stream?: Uint8Array;
}

/** A file parsed by `parsePdf`. */
export interface ParsedPdf {
  readonly objects: readonly PdfObject[];
  /** Each page's content stream as Latin-1 text, in page order. */
  readonly contents: readonly string[];
  /** Each page's Page dictionary, in page order. */
  readonly pageDicts: readonly string[];
}

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Parses a PDF written by renderPdf, asserting every structural rule of the spec on the way. */
export function parsePdf(bytes: Uint8Array): ParsedPdf {
  const text = latin1(bytes);
  expect(text.startsWith('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n')).toBe(true);
  const objects: PdfObject[] = [];
  let at = 15;
  for (let number = 1; text.startsWith(`${number} 0 obj\n`, at); number++) {
    const offset = at;
    at += `${number} 0 obj\n`.length;
    const lineEnd = text.indexOf('\n', at);
    const dict = text.slice(at, lineEnd);
    expect(dict.startsWith('<< ') && dict.endsWith(' >>')).toBe(true);
    at = lineEnd + 1;
    if (text.startsWith('stream\n', at)) {
      const length = Number(/\/Length (\d+) >>$/.exec(dict)?.[1]);
      at += 7;
      const stream = bytes.subarray(at, at + length);
      at += length;
      expect(text.slice(at, at + 18)).toBe('\nendstream\nendobj\n');
      at += 18;
      objects.push({ number, offset, dict, stream });
    } else {
      expect(text.slice(at, at + 7)).toBe('endobj\n');
      at += 7;
      objects.push({ number, offset, dict });
    }
  }
  const size = objects.length + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (const o of objects) xref += `${String(o.offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${size} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  expect(text.slice(at)).toBe(xref);

  const dictOf = (n: number): string => objects[n - 1]?.dict ?? '';
  expect(dictOf(1)).toBe('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = /^<< \/Type \/Pages \/Kids \[([0-9 R]*)\] \/Count (\d+) >>$/.exec(dictOf(2));
  expect(kids).not.toBeNull();
  const pageNumbers = (kids?.[1] ?? '')
    .split(' 0 R')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  expect(pageNumbers.length).toBe(Number(kids?.[2]));
  const contents: string[] = [];
  const pageDicts: string[] = [];
  for (const n of pageNumbers) {
    const page = dictOf(n);
    pageDicts.push(page);
    const ref = Number(/\/Contents (\d+) 0 R >>$/.exec(page)?.[1]);
    expect(ref).toBe(n + 1);
    const stream = objects[ref - 1]?.stream;
    expect(stream).toBeDefined();
    expect(objects[ref - 1]?.dict).toBe(`<< /Length ${stream?.length} >>`);
    contents.push(latin1(stream ?? new Uint8Array(0)));
  }
  expect(pageNumbers[pageNumbers.length - 1]).toBe(objects.length - 1);
  return { objects, contents, pageDicts };
}

/** The content stream's operators of each page. */
export function pageOperators(bytes: Uint8Array): string[][] {
  return parsePdf(bytes).contents.map((c) => (c === '' ? [] : c.split('\n')));
}

/** WinAnsiEncoding's 0x80–0x9F codes → their Unicode code points (the fixture's table, reversed). */
const winAnsiDecoding = new Map(Object.entries(fixtureTable.winAnsi).map(([point, code]) => [code, Number(point)]));

/** What a reader should extract from a document: the text of its headings, texts and captions, WinAnsi-mapped (through `pdfTable`) and decoded back, as words. */
export function expectedWords(args: PdfArguments, pdfTable: PdfTable): string[] {
  const special = new Map(Object.entries(pdfTable.winAnsi).map(([point, code]) => [Number(point), code]));
  const glyph = (code: number): string => String.fromCodePoint(winAnsiDecoding.get(code) ?? code);
  const words: string[] = [];
  for (const block of args.blocks) {
    const source = 'heading' in block ? block.heading : 'text' in block ? block.text : 'image' in block ? (block.caption ?? '') : '';
    let mapped = '';
    for (const ch of source) {
      const cp = ch.codePointAt(0) as number;
      if (ch === '\t' || ch === '\n') mapped += ' ';
      else if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) continue;
      else if (cp <= 0xff) mapped += ch;
      else if (special.has(cp)) mapped += glyph(special.get(cp) as number);
      else mapped += '?';
    }
    words.push(...mapped.split(/\s+/).filter(Boolean));
  }
  return words;
}

/**
 * Asserts that `actual` (a reader's words) spells `expected` in order, where a
 * word broken over lines may come out as several consecutive pieces.
 */
export function expectSameWords(actual: readonly string[], expected: readonly string[]): void {
  let i = 0;
  for (const word of expected) {
    let built = actual[i++] ?? '';
    while (built.length < word.length && i < actual.length && word.startsWith(built)) built += actual[i++];
    expect(built).toBe(word);
  }
  expect(i).toBe(actual.length);
}

/** Loads a PDF with pdfjs-dist and answers its page count and the words of its text. */
export async function readWithPdfjs(bytes: Uint8Array): Promise<{ pages: number; words: string[]; title: unknown }> {
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const words: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) words.push(...item.str.split(/\s+/).filter(Boolean));
    }
    const meta = await doc.getMetadata();
    return { pages: doc.numPages, words, title: (meta.info as { Title?: unknown }).Title };
  } finally {
    await task.destroy();
  }
}

/** Loads a PDF with pdf-lib and answers its page count and title. */
export async function readWithPdfLib(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { pages: doc.getPageCount(), title: doc.getTitle() };
}

/** Asserts that both independent readers accept the file with the right page count, title and words. */
export async function expectReadable(bytes: Uint8Array, args: PdfArguments, pages: number, pdfTable: PdfTable): Promise<void> {
  const js = await readWithPdfjs(bytes);
  expect(js.pages).toBe(pages);
  expect(js.title).toBe(args.title);
  expectSameWords(js.words, expectedWords(args, pdfTable));
  const lib = await readWithPdfLib(bytes);
  expect(lib.pages).toBe(pages);
  expect(lib.title).toBe(args.title);
}
