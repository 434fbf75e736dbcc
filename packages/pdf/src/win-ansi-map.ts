import type { PdfTable } from '@xcap/catalog';

/** The `WinAnsiMap.bmp` value of a character that is dropped (a control character). */
export const winAnsiDrop = -1;

/** The byte a line feed maps to: the paragraph separator (never a printable WinAnsi byte). */
export const winAnsiNewline = 0x0a;

/** The byte written for a character WinAnsi cannot encode. */
export const winAnsiUnknown = 0x3f;

/**
 * A PDF table's character mapping, ready for one-pass use: `bmp[u]` is the
 * byte for the BMP code unit `u` (`winAnsiDrop` for a dropped control,
 * `winAnsiNewline` for `\n`, `?` for surrogates and unmapped characters);
 * `astral` maps code points above U+FFFF that the table names.
 */
export interface WinAnsiMap {
  readonly bmp: Int16Array;
  readonly astral: ReadonlyMap<number, number>;
}

const cache = new WeakMap<PdfTable['winAnsi'], WinAnsiMap>();

/**
 * Builds (once per table) the character mapping of clarification 7: a tab
 * is a space, `\n` separates paragraphs, U+0000–U+001F and U+007F–U+009F
 * are dropped, U+0020–U+007E and U+00A0–U+00FF are themselves, the table's
 * `winAnsi` code points are their codes, anything else is `?`.
 */
export function winAnsiMap(table: PdfTable): WinAnsiMap {
  const known = cache.get(table.winAnsi);
  if (known) return known;
  const bmp = new Int16Array(0x10000).fill(winAnsiUnknown);
  for (let u = 0; u <= 0xff; u++) {
    bmp[u] = u <= 0x1f || (u >= 0x7f && u <= 0x9f) ? winAnsiDrop : u;
  }
  const astral = new Map<number, number>();
  for (const [key, code] of Object.entries(table.winAnsi)) {
    const point = Number(key);
    if (!Number.isInteger(point) || point < 0 || point > 0x10ffff || !Number.isInteger(code) || code < 0x20 || code > 0xff) {
      throw new TypeError(`PDF table: winAnsi entry ${JSON.stringify(key)} → ${String(code)} is not a code point → byte 0x20–0xFF`);
    }
    if (point <= 0x1f || (point >= 0x7f && point <= 0x9f) || (point >= 0x20 && point <= 0xff)) continue;
    if (point > 0xffff) astral.set(point, code);
    else if (point < 0xd800 || point > 0xdfff) bmp[point] = code;
  }
  bmp[0x09] = 0x20;
  bmp[0x0a] = winAnsiNewline;
  const map = { bmp, astral };
  cache.set(table.winAnsi, map);
  return map;
}
