import type { PdfTable } from '@xcap/catalog';
import { asciiBytes } from './byte-writer.js';
import { formatPdfNumber } from './format-pdf-number.js';

/** A font at a size with a leading: how one kind of line is measured and written. */
export interface LineStyle {
  readonly widths: Float64Array;
  readonly space: number;
  readonly size: number;
  readonly leading: number;
  /** `BT /F<n> <size> Tf <margin> ` as bytes. */
  readonly prefix: Uint8Array;
}

/** The three kinds of line print_pdf writes. */
export interface LineStyles {
  /** F2 18/24. */
  readonly heading: LineStyle;
  /** F1 11/15. */
  readonly text: LineStyle;
  /** F1 9/12. */
  readonly caption: LineStyle;
}

const cache = new WeakMap<PdfTable, LineStyles>();

/**
 * A PDF table's line styles, built once per table: each font's 256 widths
 * checked (a TypeError names the font otherwise) and copied once, and each
 * style's text-operator prefix written once.
 */
export function lineStyles(table: PdfTable): LineStyles {
  const known = cache.get(table);
  if (known) return known;
  const left = formatPdfNumber(table.margin);
  const style = (key: 'F1' | 'F2', widths: Float64Array, size: number, leading: number): LineStyle => ({
    widths,
    space: widths[0x20] as number,
    size,
    leading,
    prefix: asciiBytes(`BT /${key} ${formatPdfNumber(size)} Tf ${left} `),
  });
  const bold = fontWidths(table, 'F2');
  const regular = fontWidths(table, 'F1');
  const styles = { heading: style('F2', bold, 18, 24), text: style('F1', regular, 11, 15), caption: style('F1', regular, 9, 12) };
  cache.set(table, styles);
  return styles;
}

function fontWidths(table: PdfTable, key: 'F1' | 'F2'): Float64Array {
  const font = table.fonts[key];
  const given = table.widths[font];
  if (!Array.isArray(given) || given.length !== 256 || !given.every((w) => typeof w === 'number' && w >= 0 && Number.isFinite(w))) {
    throw new TypeError(`PDF table: widths of ${JSON.stringify(font)} (${key}) must be 256 non-negative numbers`);
  }
  return Float64Array.from(given);
}
