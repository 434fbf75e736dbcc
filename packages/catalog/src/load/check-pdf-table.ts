/** Checks the catalog's `pdf` layout table. */
import type { PdfTable } from '../catalog-types.js';
import { fail, pointerAppend, readArray, readNumber, readObject, readRecord, readText } from './reader.js';

/** Validates the `pdf` table at `/pdf` and returns it typed. */
export function checkPdfTable(value: unknown): PdfTable {
  const p = '/pdf';
  const pdf = readObject(value, p, ['page', 'margin', 'fonts', 'widths', 'winAnsi']);
  const page = readArray(pdf.page, `${p}/page`);
  if (page.length !== 2) fail(`${p}/page`, 'must be [width, height]');
  page.forEach((n, i) => {
    if (readNumber(n, `${p}/page/${i}`) <= 0) fail(`${p}/page/${i}`, 'must be positive');
  });
  const margin = readNumber(pdf.margin, `${p}/margin`);
  const [w, h] = page as [number, number];
  if (margin < 0 || 2 * margin >= w || 2 * margin >= h) fail(`${p}/margin`, 'must leave room on the page');
  const fonts = readObject(pdf.fonts, `${p}/fonts`, ['F1', 'F2']);
  const names = [readText(fonts.F1, `${p}/fonts/F1`), readText(fonts.F2, `${p}/fonts/F2`)];
  const widths = readObject(pdf.widths, `${p}/widths`, names);
  for (const name of names) {
    const wp = pointerAppend(`${p}/widths`, name);
    const list = readArray(widths[name], wp);
    if (list.length !== 256) fail(wp, 'must list 256 widths, one per WinAnsi code');
    list.forEach((n, i) => {
      if (readNumber(n, `${wp}/${i}`, true) < 0) fail(`${wp}/${i}`, 'must not be negative');
    });
  }
  const winAnsi = readRecord(pdf.winAnsi, `${p}/winAnsi`);
  for (const [cp, code] of Object.entries(winAnsi)) {
    const wp = pointerAppend(`${p}/winAnsi`, cp);
    if (!/^(0|[1-9][0-9]*)$/.test(cp) || Number(cp) > 0x10ffff) fail(wp, 'key must be a decimal code point');
    const n = readNumber(code, wp, true);
    if (n < 0x80 || n > 0x9f) fail(wp, 'must be a WinAnsi code from 128 to 159');
  }
  return pdf as unknown as PdfTable;
}
