/** A value as one line of JSON for a failure report (`undefined`, or `String(value)` when it cannot be JSON). */
export function compactJson(value: unknown): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- its type says string, but JSON.stringify answers undefined for undefined, a function or a symbol
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
}
