/** A value as one line of JSON for a failure report (`undefined`, or `String(value)` when it cannot be JSON). */
export function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
}
