/**
 * Test helper: renders a document and checks everything every PDF we write
 * must satisfy — the strict structure, determinism, and acceptance by two
 * independent readers (pdfjs-dist and pdf-lib) with the right page count,
 * title and words.
 */
import { expect } from 'vitest';
import type { PdfTable } from '@xcap/catalog';
import { renderPdf, type PdfArguments, type PdfFiles, type RenderedPdf } from '../src/index.js';
import { table as fixtureTable } from './fixture.js';
import { expectReadable, parsePdf, type ParsedPdf } from './read-pdf.js';

/** A checked rendering: the result, its parsed structure and each page's operators. */
export interface Checked {
  readonly result: RenderedPdf;
  readonly parsed: ParsedPdf;
  readonly ops: string[][];
}

/** Renders `args` (which must succeed) and runs every whole-file check on the result. */
export async function renderChecked(args: PdfArguments, files: PdfFiles = new Map(), pdfTable: PdfTable = fixtureTable): Promise<Checked> {
  const result = renderPdf(args, files, { table: pdfTable });
  if ('error' in result) throw new Error(`unexpected error ${result.error}`);
  const again = renderPdf(args, files, { table: pdfTable });
  expect('bytes' in again && Buffer.from(again.bytes).equals(Buffer.from(result.bytes))).toBe(true);
  const parsed = parsePdf(result.bytes);
  expect(parsed.contents.length).toBe(result.pages);
  await expectReadable(result.bytes, args, result.pages, pdfTable);
  const ops = parsed.contents.map((c) => (c === '' ? [] : c.split('\n')));
  return { result, parsed, ops };
}

/** A text operator as the writer prints it. */
export function textOp(font: 'F1' | 'F2', size: number, y: string | number, text: string): string {
  return `BT /${font} ${size} Tf 56 ${y} Td (${text}) Tj ET`;
}

/** Parses a text operator back into its parts (undefined for other operators). */
export function parseTextOp(op: string): { font: string; size: number; y: number; text: string } | undefined {
  const m = /^BT \/(F[12]) (\d+) Tf 56 (-?[\d.]+) Td \((.*)\) Tj ET$/s.exec(op);
  if (!m) return undefined;
  return { font: m[1] as string, size: Number(m[2]), y: Number(m[3]), text: m[4] as string };
}
