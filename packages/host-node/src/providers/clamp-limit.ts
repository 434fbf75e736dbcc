/** A limit from a native input: an integer in 1…`max`, `fallback` when it is missing or not a number. */
export function clampLimit(value: unknown, fallback: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(Math.trunc(value), 1), max) : fallback;
}
