/** Checks the catalog's `pdf` layout table. */
import type { Problems } from './problems.js';
import { fail, pointerAppend, readArray, readNumber, readObject, readRecord, readText } from './reader.js';

/** Checks the `pdf` table at `/pdf`, recording every problem. */
export function checkPdfTable(problems: Problems, value: unknown): void {
  const p = '/pdf';
  const pdf = readObject(problems, value, p, ['page', 'margin', 'fonts', 'widths', 'winAnsi']);
  const page = problems.check(() => {
    const list = readArray(pdf.page, `${p}/page`);
    if (list.length !== 2) fail(`${p}/page`, 'must be [width, height]');
    return list.map((n, i) => {
      const size = readNumber(n, `${p}/page/${i}`);
      if (size <= 0) fail(`${p}/page/${i}`, 'must be positive');
      return size;
    });
  });
  problems.check(() => {
    const margin = readNumber(pdf.margin, `${p}/margin`);
    const [w, h] = page ?? [Infinity, Infinity];
    if (margin < 0 || 2 * margin >= w! || 2 * margin >= h!) fail(`${p}/margin`, 'must leave room on the page');
  });
  problems.check(() => {
    const fonts = readObject(problems, pdf.fonts, `${p}/fonts`, ['F1', 'F2']);
    const names = [problems.check(() => readText(fonts.F1, `${p}/fonts/F1`)), problems.check(() => readText(fonts.F2, `${p}/fonts/F2`))];
    if (names.some((n) => n === undefined)) return;
    const widths = readObject(problems, pdf.widths, `${p}/widths`, names as string[]);
    for (const name of names as string[]) {
      const wp = pointerAppend(`${p}/widths`, name);
      problems.check(() => {
        const list = readArray(widths[name], wp);
        if (list.length !== 256) fail(wp, 'must list 256 widths, one per WinAnsi code');
        list.forEach((n, i) =>
          problems.check(() => {
            if (readNumber(n, `${wp}/${i}`, true) < 0) fail(`${wp}/${i}`, 'must not be negative');
          }),
        );
      });
    }
  });
  problems.check(() => {
    const winAnsi = readRecord(pdf.winAnsi, `${p}/winAnsi`);
    for (const [cp, code] of Object.entries(winAnsi)) {
      const wp = pointerAppend(`${p}/winAnsi`, cp);
      problems.check(() => {
        if (!/^(0|[1-9][0-9]*)$/.test(cp) || Number(cp) > 0x10ffff) fail(wp, 'key must be a decimal code point');
        const n = readNumber(code, wp, true);
        if (n < 0x80 || n > 0x9f) fail(wp, 'must be a WinAnsi code from 128 to 159');
      });
    }
  });
}
