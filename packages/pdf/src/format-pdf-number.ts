/**
 * Prints a number the way every xcap PDF does (clarification 5): rounded to
 * two decimals with `Math.round(x * 100) / 100`, then in JavaScript's
 * shortest form (`12`, `12.5`, `12.25`; never `-0`).
 */
export function formatPdfNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Math.round(value * 100) / 100);
}
